// The namespaces most files of the package use, once for all of them (as the core's GlobalUsings.cs).
global using System;
global using System.Buffers;
global using System.Runtime.CompilerServices;
