namespace MsgPack.Spec.Serialization
{
    /// <summary>
    /// The constructor the generated reader calls, when the type has several. Its parameters take the members of the
    /// same name (ignoring case); the other members are set after it, when they were read.
    /// </summary>
    [AttributeUsage(AttributeTargets.Constructor, AllowMultiple = false, Inherited = false)]
    public sealed class MsgPackConstructorAttribute : Attribute
    {
    }
}
