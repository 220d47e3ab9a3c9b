// What the overview's parts share: the window switch (last day, last week) and a uPlot chart of
// per-slot series. A part gives its series; the chart names its axes and slots for screen readers.
import uPlot from '/panel/assets/uplot.js';
import { html, useEffect, useRef } from '/panel/assets/ui.js';

/** The windows every part offers, in days. */
export const windows = [
  { days: 1, label: 'Last day' },
  { days: 7, label: 'Last week' },
];

/** The switch between the windows (radio buttons named `name`): `days` is the one in use. */
export function WindowSwitch({ name, days, onChange }) {
  return html`<fieldset class="checks overview-window" data-window=${name}>
    <legend>Window</legend>
    ${windows.map(
      (window) => html`<label class="check" key=${window.days}>
        <input type="radio" name=${name} value=${window.days} checked=${days === window.days} onChange=${() => onChange(window.days)} /> ${window.label}
      </label>`,
    )}
  </fieldset>`;
}

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', hour: '2-digit' });
const slotLabel = (seconds, bucketSeconds) => (bucketSeconds < 6 * 3600 ? hourFormat : dayFormat).format(new Date(seconds * 1000));

/**
 * A line chart of `buckets` (each with `start`), one line per `series` ({ label, value(bucket),
 * stroke, dash, scale }); `scales` names the value axes ({ key: { label, format, range } }).
 */
export function OverviewChart({ id, buckets, bucketSeconds, series, scales, summary }) {
  const box = useRef(null);
  const plot = useRef(null);
  const columns = () => [buckets.map((bucket) => Date.parse(bucket.start) / 1000), ...series.map((line) => buckets.map((bucket) => line.value(bucket)))];
  useEffect(() => {
    const width = () => Math.max(280, box.current.clientWidth - 16);
    const scaleKeys = Object.keys(scales);
    plot.current = new uPlot(
      {
        width: width(),
        height: 220,
        padding: [12, 28, 0, 0],
        scales: { x: { time: true }, ...Object.fromEntries(scaleKeys.map((key) => [key, { range: scales[key].range ?? ((_plot, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))]) }])) },
        axes: [
          { values: (_plot, ticks) => ticks.map((tick) => slotLabel(tick, bucketSeconds)) },
          ...scaleKeys.map((key, index) => ({ scale: key, label: scales[key].label, side: index === 0 ? 3 : 1, grid: { show: index === 0 }, values: (_plot, ticks) => ticks.map((tick) => scales[key].format(tick)) })),
        ],
        series: [
          { label: 'From', value: (_plot, tick) => (tick == null ? '—' : slotLabel(tick, bucketSeconds)) },
          ...series.map((line) => ({
            label: line.label,
            scale: line.scale ?? scaleKeys[0],
            stroke: line.stroke,
            dash: line.dash ?? [],
            width: 2,
            value: (_plot, value) => (value == null ? '—' : scales[line.scale ?? scaleKeys[0]].format(value)),
            points: { show: buckets.length <= 40, size: 4 },
          })),
        ],
        legend: { live: true },
      },
      columns(),
      box.current,
    );
    const resize = new ResizeObserver(() => plot.current?.setSize({ width: width(), height: 220 }));
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
    };
  }, [bucketSeconds]);
  useEffect(() => {
    plot.current?.setData(columns());
  }, [buckets]);
  return html`<figure class="chart">
    <div id=${id} class="overview-chart" ref=${box} role="img" aria-label=${summary}></div>
  </figure>`;
}
