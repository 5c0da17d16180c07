namespace MsgPack.Spec.CodeGen
{
    /// <summary>One file the tool writes.</summary>
    /// <param name="Path">Its path from the repository's root, with forward slashes.</param>
    /// <param name="Text">Its whole text, lines ended by LF alone (as .editorconfig asks), no byte-order mark.</param>
    public sealed record GeneratedFile(string Path, string Text);
}
