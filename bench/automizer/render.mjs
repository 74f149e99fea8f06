// The standard workload (bench/workload/make_workload.py) rendered with pptx-automizer: the peer
// benchmark of bench/render/bench_automizer.py. Usage: node render.mjs WORKLOAD_DIR OUT.pptx
//
// It reads the same data.json deckkit renders and maps each template slide's keys to automizer's
// calls, finding shapes by the names python-pptx gave them. Automizer has no call for replacing a
// shape with a picture, theme colours, data bars or the style of one cell, so slide 7 keeps its
// rectangle and those are left out: automizer does a little less work than deckkit here.
import fs from 'node:fs';
import path from 'node:path';
import automizer from 'pptx-automizer';

const Automizer = automizer.Automizer ?? automizer.default;
const { modify } = automizer;

const [workload, output] = process.argv.slice(2);
const data = JSON.parse(fs.readFileSync(path.join(workload, 'data.json'), 'utf8'));
const braces = { openingTag: '{', closingTag: '}' };
const replace = (pairs) => modify.replaceText(
  Object.entries(pairs).map(([key, text]) => ({ replace: key, by: { text } })), braces);
const cellText = (cell) => (typeof cell === 'string' ? cell : cell.value);

const fill = {
  1: (slide, s) => {
    slide.modifyElement('Title 1', [replace({ title: s.title })]);
    slide.modifyElement('Subtitle 2', [replace({ subtitle: s.subtitle, date: s.date })]);
  },
  2: (slide, s) => {
    slide.modifyElement('Title 1', [replace({ heading: s.heading })]);
    const paragraphs = s.points.values.map((item) => ({
      paragraph: { bullet: true, level: item.level }, textRuns: [{ text: item.value }] }));
    slide.modifyElement('Content Placeholder 2', [modify.setMultiText(paragraphs)]);
  },
  3: (slide, s) => {
    slide.modifyElement('TextBox 1', [replace({ caption: s.caption })]);
    const body = s.table.rows.map((row) => ({ values: row.map(cellText) }));
    slide.modifyElement('Table 2', [modify.setTable({ body }, { adjustHeight: true })]);
  },
  4: (slide, s) => categoryChart(slide, s, s.bars),
  5: (slide, s) => categoryChart(slide, s, s.lines),
  6: (slide, s) => {
    const groups = Object.values(s.scatter.axis1.series);
    const longest = Math.max(...groups.map((group) => group.values.length));
    const categories = Array.from({ length: longest }, (_, i) => ({
      label: `p${i}`,
      values: groups.map((group) => (group.values[i]
        ? { x: group.values[i][0], y: group.values[i][1] } : { x: null, y: null })),
    }));
    slide.modifyElement('Chart 1', [modify.setChartScatter({
      series: groups.map((group) => ({ label: group.name })), categories })]);
  },
  7: (slide, s) => slide.modifyElement('TextBox 1', [replace({ caption: s.caption })]),
};

function categoryChart(slide, s, chart) {
  const keys = Object.keys(chart.axis1.series);
  slide.modifyElement('TextBox 1', [replace({ chart_title: s.chart_title })]);
  slide.modifyElement('Chart 2', [modify.setChartData({
    series: keys.map((key) => ({ label: chart.axis1.series[key].name })),
    categories: chart.labels.map((label, i) => ({
      label, values: keys.map((key) => chart.axis1.series[key].values[i]) })),
  })]);
}

const started = process.hrtime.bigint();
const deck = new Automizer({
  templateDir: workload,
  outputDir: path.dirname(path.resolve(output)),
  removeExistingSlides: true,
  autoImportSlideMasters: false,
  cleanup: false,
  compression: 6,
  verbosity: 0,
}).loadRoot('template.pptx').load('template.pptx', 'tpl');
for (const s of data.slides) {
  deck.addSlide('tpl', s.template, (slide) => fill[s.template](slide, s));
}
await deck.write(path.basename(output));
const ms = Number(process.hrtime.bigint() - started) / 1e6;
console.log(`automizer: ${data.slides.length} slides in ${ms.toFixed(0)} ms`);
