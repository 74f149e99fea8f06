// Writes tests/foreign/templates/pptxgenjs.pptx: deckkit's test templates as PptxGenJS authors them.
// Run by `./dev foreign-templates` (npm ci here, then `node make_templates.js`); the written file is
// committed, so the tests need neither node nor npm.
//
// Charts carry their key as alt text (PptxGenJS's `altText`); PptxGenJS gives a table a name only
// ("Sales table"), which the tests tag as a designer would (`deckkit tag`). Text keys are {key}.
"use strict";
const path = require("path");
const pptxgen = require("pptxgenjs");

const OUT = path.join(__dirname, "..", "templates", "pptxgenjs.pptx");
const BRAND = ["1F4E79", "2E75B6", "9DC3E6", "C55A11", "F4B183"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr"];

const pptx = new pptxgen();
pptx.layout = "LAYOUT_16x9";
pptx.author = "deckkit tests";
pptx.company = "deckkit";
pptx.title = "Foreign templates: PptxGenJS";

function titled(key) {
  const slide = pptx.addSlide();
  slide.addText(`{${key}}`, { x: 0.4, y: 0.15, w: 9.2, h: 0.6, fontSize: 24, bold: true, color: "1F4E79", fontFace: "Arial" });
  return slide;
}

// 1. Text boxes: a title, a subtitle, a wrapping body and a right-aligned note.
let s = pptx.addSlide();
s.addText("{title}", { x: 0.5, y: 0.6, w: 9, h: 1.0, fontSize: 36, bold: true, color: "1F4E79", fontFace: "Arial" });
s.addText("{subtitle}", { x: 0.5, y: 1.7, w: 9, h: 0.6, fontSize: 20, color: "2E75B6", fontFace: "Arial" });
s.addText("{body}", { x: 0.5, y: 2.5, w: 6, h: 2.2, fontSize: 16, color: "404040", fontFace: "Arial", valign: "top" });
s.addText("{note}", { x: 6.8, y: 4.8, w: 2.8, h: 0.5, fontSize: 12, italic: true, align: "right", color: "7F7F7F" });

// 2. Clustered columns: three series in brand colours, values on top, a legend at the bottom.
const three = ["Actual", "Plan", "Last year"].map((name, i) => ({
  name, labels: MONTHS, values: MONTHS.map((_, j) => 10 + 2 * j + i),
}));
s = titled("heading");
s.addChart(pptx.ChartType.bar, three, {
  x: 0.5, y: 0.9, w: 9, h: 4.5, barDir: "col", barGrouping: "clustered", chartColors: BRAND,
  showLegend: true, legendPos: "b", showValue: true, dataLabelPosition: "outEnd", dataLabelFontSize: 10,
  valAxisLabelFormatCode: "#,##0", altText: "sales",
});

// 3. Stacked bars (horizontal), white bold labels inside.
s = titled("heading");
s.addChart(pptx.ChartType.bar, three, {
  x: 0.5, y: 0.9, w: 9, h: 4.5, barDir: "bar", barGrouping: "stacked", chartColors: BRAND,
  showLegend: true, legendPos: "r", showValue: true, dataLabelColor: "FFFFFF", dataLabelFontBold: true,
  dataLabelFontSize: 10, altText: "stack",
});

// 4. Lines on a date axis (month-start serials, shown "mmm yy"), markers, two series.
const serials = [45292, 45323, 45352, 45383, 45413, 45444]; // 2024-01-01 .. 2024-06-01
s = titled("heading");
s.addChart(pptx.ChartType.line, [
  { name: "Visits", labels: serials.map(String), values: [310, 290, 350, 370, 360, 400] },
  { name: "Signups", labels: serials.map(String), values: [31, 25, 40, 44, 39, 52] },
], {
  x: 0.5, y: 0.9, w: 9, h: 4.5, chartColors: ["C55A11", "1F4E79"], lineSize: 2, lineDataSymbol: "circle",
  lineDataSymbolSize: 6, catLabelFormatCode: "mmm yy", showLegend: true, legendPos: "t", altText: "trend",
});

// 5. A pie in brand colours with white percentage labels.
s = titled("heading");
s.addChart(pptx.ChartType.pie, [{ name: "Share", labels: ["North", "South", "East"], values: [50, 30, 20] }], {
  x: 1.5, y: 0.9, w: 7, h: 4.5, chartColors: BRAND, showPercent: true, showValue: false, showLegend: true,
  legendPos: "r", dataLabelColor: "FFFFFF", dataLabelFontSize: 12, dataLabelFontBold: true, altText: "share",
});

// 6. A doughnut with a wide hole and category names as labels.
s = titled("heading");
s.addChart(pptx.ChartType.doughnut, [{ name: "Mix", labels: ["Online", "Retail", "Partner", "Other"], values: [45, 30, 15, 10] }], {
  x: 1.5, y: 0.9, w: 7, h: 4.5, chartColors: BRAND, holeSize: 60, showPercent: true, showLegend: true,
  legendPos: "b", dataLabelColor: "FFFFFF", altText: "mix",
});

// 7. A scatter chart of two groups (PptxGenJS: the first data entry holds the x values).
s = titled("heading");
s.addChart(pptx.ChartType.scatter, [
  { name: "X", values: [1, 2, 3, 4, 5] },
  { name: "Stores", values: [12, 18, 21, 30, 33] },
  { name: "Outlets", values: [8, 9, 15, 14, 20] },
], {
  x: 0.5, y: 0.9, w: 9, h: 4.5, chartColors: ["2E75B6", "C55A11"], lineSize: 0, lineDataSymbolSize: 9,
  showLegend: true, legendPos: "b", altText: "spread",
});

// 8. A table with a filled header row, banded body and thin grey borders.
s = titled("heading");
const head = { bold: true, color: "FFFFFF", fill: { color: "1F4E79" } };
const band = { fill: { color: "DEEAF6" } };
s.addTable(
  [
    ["Region", "Q1", "Q2", "Q3"].map((text) => ({ text, options: head })),
    ["North", "10", "12", "15"],
    ["South", "8", "9", "11"].map((text) => ({ text, options: band })),
    ["East", "6", "7", "9"],
  ],
  {
    x: 0.5, y: 1.0, w: 9, colW: [3, 2, 2, 2], fontSize: 14, fontFace: "Arial", color: "262626",
    border: { type: "solid", pt: 1, color: "A6A6A6" }, objectName: "Sales table",
  }
);

pptx.writeFile({ fileName: OUT }).then((written) => console.log("wrote " + path.relative(process.cwd(), written)));
