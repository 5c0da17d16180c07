// The namespaces most files of the library use, once for all of them: System (spans, Math), System.Buffers
// (OperationStatus, IBufferWriter), System.Runtime.CompilerServices (MethodImpl, Unsafe) and
// System.Runtime.InteropServices (MemoryMarshal). A file names any other namespace it uses itself.
global using System;
global using System.Buffers;
global using System.Runtime.CompilerServices;
global using System.Runtime.InteropServices;
