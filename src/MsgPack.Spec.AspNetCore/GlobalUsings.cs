// The namespaces most files of the package use, as in the core (src/MsgPack.Spec/GlobalUsings.cs); a file names any
// other namespace it uses itself.
global using System;
global using System.Buffers;
global using System.Runtime.CompilerServices;
