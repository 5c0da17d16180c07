using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Security;
using System.Text;

namespace MsgPack.Spec.Benchmarks
{
    /// <summary>
    /// <c>--chart &lt;results-dir&gt; &lt;out.svg&gt;</c>: a hand-written SVG of every workload's rows, each bar the
    /// row's time relative to msgpuck on a log2 axis, drawn from the "1x msgpuck" line: left of it is faster than
    /// msgpuck, right of it slower. The absolute mean is printed beside each bar; the bar's colour is the row's library
    /// (MsgPackSpec, the .NET peers MessagePack-CSharp and Nerdbank.MessagePack, the native libraries). The P/Invoke
    /// overhead class is left out (its baseline is not msgpuck).
    /// </summary>
    internal static class Chart
    {
        private const int Width = 1350;
        private const int LabelRight = 560;   // row labels end here (the longest, 88 characters, is about 530 px)
        private const int PlotLeft = 575;
        private const int PlotRight = 1130;
        private const int RowHeight = 15;
        private const int BarHeight = 11;
        private const int GroupTitleHeight = 22;
        private const int GroupGap = 10;
        private const int Top = 160;

        /// <summary>One colour per library (by the start of the row's description), readable on white; the legend names them.</summary>
        private static readonly (string Library, string Colour)[] Palette =
        {
            (Results.MsgPackSpec, "#1f5fbf"),
            (Results.MessagePackCSharp, "#17a2a2"),
            (Results.Nerdbank, "#d6609a"),
            ("msgpuck", "#e08214"),
            ("msgpack-c", "#2e8b3a"),
            ("msgpack-cxx", "#7b3294"),
            ("other", "#8c8c8c"),
        };

        internal static int Run(string resultsDirectory, string output)
        {
            List<Group> groups = Results.Groups(Results.Load(resultsDirectory))
                .Where(g => g.Type != nameof(PInvokeOverhead) && g.Baseline is not null)
                .ToList();
            if (groups.Count == 0)
            {
                Console.Error.WriteLine($"chart: no results with a msgpuck baseline in {resultsDirectory}");
                return 1;
            }

            string environment = Environment(resultsDirectory);
            File.WriteAllText(output, Render(groups, environment), new UTF8Encoding(false));
            Console.WriteLine($"chart: {groups.Count} workloads, {groups.Sum(g => g.Rows.Count)} rows -> {output}");
            return 0;
        }

        private static string Render(List<Group> groups, string environment)
        {
            double[] ratios = groups.SelectMany(g => g.Rows.Select(r => r.MeanNanoseconds / g.Baseline!.MeanNanoseconds)).Where(double.IsFinite).ToArray();
            int minExponent = Math.Max(-4, (int)Math.Floor(Math.Log2(Math.Min(ratios.Min(), 0.5))));
            int maxExponent = Math.Min(6, (int)Math.Ceiling(Math.Log2(Math.Max(ratios.Max(), 2))));
            double X(double ratio) => PlotLeft + ((Math.Clamp(Math.Log2(ratio), minExponent, maxExponent) - minExponent) / (maxExponent - minExponent) * (PlotRight - PlotLeft));

            int height = Top + groups.Sum(g => GroupTitleHeight + (g.Rows.Count * RowHeight) + GroupGap) + 40;
            var svg = new StringBuilder();
            svg.Append(Invariant($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{Width}\" height=\"{height}\" viewBox=\"0 0 {Width} {height}\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\" font-size=\"11\">\n"));
            svg.Append(Invariant($"<rect width=\"{Width}\" height=\"{height}\" fill=\"#ffffff\"/>\n"));
            svg.Append("<text x=\"20\" y=\"28\" font-size=\"17\" font-weight=\"bold\">MsgPack.Spec against MessagePack-CSharp, Nerdbank.MessagePack and native msgpuck, msgpack-c and msgpack-cxx</text>\n");
            svg.Append("<text x=\"20\" y=\"48\" font-size=\"12\" fill=\"#333\">Mean time of each row relative to msgpuck in the same workload (log scale). Bars left of the 1× line are faster than msgpuck, right of it slower.</text>\n");
            svg.Append("<text x=\"20\" y=\"64\" font-size=\"12\" fill=\"#333\">The number is the absolute mean per operation. Native rows include one P/Invoke per operation (see the P/Invoke overhead table).</text>\n");
            svg.Append(Invariant($"<text x=\"20\" y=\"80\" font-size=\"10\" fill=\"#666\">{Escape(environment)}</text>\n"));

            // Legend: a swatch and a name per library.
            double legendX = 20;
            foreach ((string library, string colour) in Palette)
            {
                svg.Append(Invariant($"<rect x=\"{legendX:0.#}\" y=\"{92}\" width=\"12\" height=\"10\" fill=\"{colour}\"/>\n"));
                string name = library == "other" ? "other (memory copy, transcoding)" : library;
                svg.Append(Invariant($"<text x=\"{legendX + 16:0.#}\" y=\"{101}\" fill=\"#222\">{Escape(name)}</text>\n"));
                legendX += 28 + (name.Length * 6.5);
            }

            // Axis: gridlines at powers of two, labelled at the top.
            int plotBottom = height - 30;
            for (int exponent = minExponent; exponent <= maxExponent; exponent++)
            {
                double ratio = Math.Pow(2, exponent);
                double x = X(ratio);
                string label = exponent == 0 ? "1× msgpuck" : (ratio < 1 ? ratio.ToString("0.###", CultureInfo.InvariantCulture) : ratio.ToString("0", CultureInfo.InvariantCulture)) + "×";
                svg.Append(Invariant($"<line x1=\"{x:0.#}\" y1=\"{Top - 12}\" x2=\"{x:0.#}\" y2=\"{plotBottom}\" stroke=\"{(exponent == 0 ? "#000" : "#ddd")}\" stroke-width=\"{(exponent == 0 ? 1.5 : 1)}\"/>\n"));
                svg.Append(Invariant($"<text x=\"{x:0.#}\" y=\"{Top - 16}\" text-anchor=\"middle\" fill=\"#444\"{(exponent == 0 ? " font-weight=\"bold\"" : string.Empty)}>{label}</text>\n"));
                svg.Append(Invariant($"<text x=\"{x:0.#}\" y=\"{plotBottom + 14}\" text-anchor=\"middle\" fill=\"#444\">{label}</text>\n"));
            }

            svg.Append(Invariant($"<text x=\"{X(1) - 8:0.#}\" y=\"{Top - 36}\" text-anchor=\"end\" font-weight=\"bold\" fill=\"#1a7f37\">◀ faster than msgpuck</text>\n"));
            svg.Append(Invariant($"<text x=\"{X(1) + 8:0.#}\" y=\"{Top - 36}\" font-weight=\"bold\" fill=\"#b42318\">slower than msgpuck ▶</text>\n"));

            double y = Top;
            foreach (Group group in groups)
            {
                svg.Append(Invariant($"<text x=\"20\" y=\"{y + 15:0.#}\" font-size=\"12.5\" font-weight=\"bold\">{Escape(group.Title)}</text>\n"));
                y += GroupTitleHeight;
                double baseline = group.Baseline!.MeanNanoseconds;
                foreach (Result row in group.Rows)
                {
                    double ratio = row.MeanNanoseconds / baseline;
                    string colour = Palette.FirstOrDefault(p => p.Library == row.Library).Colour ?? "#8c8c8c";
                    double x1 = X(1);
                    double x2 = X(ratio);
                    double left = Math.Min(x1, x2);
                    double width = Math.Max(1.5, Math.Abs(x2 - x1));
                    double textY = y + BarHeight - 1;
                    svg.Append(Invariant($"<text x=\"{LabelRight}\" y=\"{textY:0.#}\" text-anchor=\"end\" fill=\"#222\">{Escape(row.Title)}</text>\n"));
                    if (row == group.Baseline)
                    {
                        left = x1 - 2;
                        width = 4; // the baseline sits on the 1x line: a small mark, so that it is seen
                    }

                    svg.Append(Invariant($"<rect x=\"{left:0.#}\" y=\"{y:0.#}\" width=\"{width:0.#}\" height=\"{BarHeight}\" fill=\"{colour}\"><title>{Escape(row.Title)}: {Escape(Results.Time(row.MeanNanoseconds))}, {Results.Ratio(ratio)}× msgpuck</title></rect>\n"));
                    bool clipped = Math.Log2(ratio) > maxExponent || Math.Log2(ratio) < minExponent;
                    string value = Invariant($"{(clipped ? "(off scale) " : string.Empty)}{Results.Time(row.MeanNanoseconds)}  ({Results.Ratio(ratio)}×)");
                    double valueX = Math.Max(x1, x2) + 5;
                    svg.Append(Invariant($"<text x=\"{valueX:0.#}\" y=\"{textY:0.#}\" fill=\"#222\">{Escape(value)}</text>\n"));
                    y += RowHeight;
                }

                y += GroupGap;
            }

            svg.Append("</svg>\n");
            return svg.ToString();
        }

        /// <summary>One line about the machine, from the first JSON export's host environment.</summary>
        private static string Environment(string resultsDirectory)
        {
            string? file = Directory.GetFiles(resultsDirectory, "*-report-full.json").OrderBy(f => f, StringComparer.Ordinal).FirstOrDefault();
            if (file is null)
            {
                return string.Empty;
            }

            using var document = System.Text.Json.JsonDocument.Parse(File.ReadAllText(file));
            System.Text.Json.JsonElement host = document.RootElement.GetProperty("HostEnvironmentInfo");
            string S(string name) => host.TryGetProperty(name, out System.Text.Json.JsonElement value) ? value.ToString() : "?";
            return $"BenchmarkDotNet {S("BenchmarkDotNetVersion")}, {S("OsVersion")}, {S("ProcessorName")} ({S("LogicalCoreCount")} logical cores), {S("RuntimeVersion")}";
        }

        private static string Escape(string text) => SecurityElement.Escape(text) ?? string.Empty;

        private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
    }
}
