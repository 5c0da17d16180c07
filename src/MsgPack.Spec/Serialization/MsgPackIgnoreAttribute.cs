namespace MsgPack.Spec.Serialization
{
    /// <summary>A member of a <see cref="MsgPackObjectAttribute"/> type that is neither written nor read.</summary>
    [AttributeUsage(AttributeTargets.Field | AttributeTargets.Property, AllowMultiple = false, Inherited = false)]
    public sealed class MsgPackIgnoreAttribute : Attribute
    {
    }
}
