import uPlot from '/panel/assets/uplot.js';
import { PanelMessageUpdates, PanelPauseQueue, PanelQueueChanges, PanelQueueHealth, PanelRelayMode, PanelResumeQueue, PanelSetRelayMode } from '/panel/src/relay/panel/panel-operations.ts';
import { formatDateTime, formatTimeAgo } from '/panel/sdk/format.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { confirmAction, html, render, useEffect, useRef, useState } from '/panel/assets/ui.js';
import { EmptyRow, PresenceBadge, formatNumber, stageNames, useLiveLoad } from './ui-relay.js';
import { QuietHours } from './schedule.js';

const minuteFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const formatTime = (date) => minuteFormat.format(date);

// uPlot's own stylesheet (legend, cursor), from the same origin as the chart.
if (!document.querySelector('link[href="/panel/assets/uplot.css"]')) {
  document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/panel/assets/uplot.css' }));
}

// The five stages with the same names as everywhere else; each count says what it counts, so
// "sent 0" beside "delivered 5" reads as it is meant: sent messages move on to delivered.
const counts = [
  { key: 'queued', field: 'queued', name: stageNames.QUEUED, note: 'now waiting for a phone' },
  { key: 'on_phone', field: 'inFlight', name: stageNames.ON_PHONE, note: 'now on a phone, not yet reported sent' },
  { key: 'sent', field: 'sent', name: stageNames.SENT, note: 'now awaiting their delivery report' },
  { key: 'delivered', field: 'delivered', name: stageNames.DELIVERED, note: 'all time' },
  { key: 'failed', field: 'failed', name: stageNames.FAILED, note: 'all time' },
];

// Per-minute series, named by the stage each message reached in that minute. Colours keep 3:1
// against white and differ in dash too, so they part without colour.
const series = [
  { field: 'accepted', label: stageNames.QUEUED, stroke: '#5c6577', dash: [6, 3] },
  { field: 'onPhone', label: stageNames.ON_PHONE, stroke: '#8a5a00', dash: [2, 2] },
  { field: 'sent', label: stageNames.SENT, stroke: '#2952cc', dash: [] },
  { field: 'delivered', label: stageNames.DELIVERED, stroke: '#146c2e', dash: [] },
  { field: 'failed', label: stageNames.FAILED, stroke: '#b42318', dash: [8, 2, 2, 2] },
];

const perMinute = (value) => (value == null ? '—' : `${formatNumber(value)}/min`);

function columnsOf(points) {
  return [points.map((point) => Date.parse(point.minute) / 1000), ...series.map((line) => points.map((point) => point[line.field]))];
}

function ThroughputChart({ points }) {
  const box = useRef(null);
  const plot = useRef(null);
  useEffect(() => {
    const width = () => Math.max(280, box.current.clientWidth - 16);
    plot.current = new uPlot(
      {
        width: width(),
        height: 260,
        padding: [12, 28, 0, 0],
        scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
        axes: [
          { label: 'Time (per minute)', values: (_plot, ticks) => ticks.map((tick) => formatTime(new Date(tick * 1000))) },
          { label: 'Messages per minute', values: (_plot, ticks) => ticks.map((tick) => formatNumber(tick)) },
        ],
        series: [
          { label: 'Minute', value: (_plot, tick) => (tick == null ? '—' : formatTime(new Date(tick * 1000))) },
          ...series.map((line) => ({ label: line.label, stroke: line.stroke, dash: line.dash, width: 2, value: (_plot, value) => perMinute(value), points: { show: true, size: 5 } })),
        ],
        legend: { live: true },
      },
      columnsOf(points),
      box.current,
    );
    const resize = new ResizeObserver(() => plot.current?.setSize({ width: width(), height: 260 }));
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
    };
  }, []);
  useEffect(() => {
    plot.current?.setData(columnsOf(points));
  }, [points]);
  const totals = series.map((line) => `${line.label} ${formatNumber(points.reduce((sum, point) => sum + point[line.field], 0))}`).join(', ');
  return html`<figure class="chart">
    <div id="chart" ref=${box} role="img" aria-label=${`Messages per minute over the last 15 minutes: ${totals}.`}></div>
    <figcaption id="chart-axes" class="muted">Vertical axis: messages per minute. Horizontal axis: time, one point per minute.</figcaption>
  </figure>`;
}

/** The account's relay mode (GraphQL `setRelayMode`, REST `POST /api/v1/relay/settings`). */
function RelayMode() {
  const [mode, setMode] = useState(null);
  const [done, setDone] = useState('');
  useEffect(() => {
    client.request(PanelRelayMode).then((data) => setMode(data.account.relayMode), showError);
  }, []);
  const choose = async (event) => {
    const next = event.currentTarget.value;
    try {
      setMode((await client.request(PanelSetRelayMode, { mode: next })).setRelayMode.relayMode);
      setDone(next === 'MANUAL' ? 'Manual: every send must name its device_id from now on.' : 'Automatic: Yarrow picks an online phone for each send.');
      clearError();
    } catch (error) {
      showError(error);
    }
  };
  if (!mode) return null;
  return html`<section aria-labelledby="mode-heading" class="card wide">
    <h2 id="mode-heading">Routing</h2>
    <fieldset class="checks" id="relay-mode">
      <legend>Which phone sends each message</legend>
      <label class="check"><input type="radio" name="relay-mode" value="AUTO" checked=${mode === 'AUTO'} onChange=${choose} /> Automatic: the least loaded online phone</label>
      <label class="check"><input type="radio" name="relay-mode" value="MANUAL" checked=${mode === 'MANUAL'} onChange=${choose} /> Manual: every send names its <code>device_id</code></label>
    </fieldset>
    ${done ? html`<p class="done" role="status">${done}</p>` : null}
  </section>`;
}

function QueuePage() {
  const [health, setHealth] = useState(null);
  const load = async () => {
    try {
      setHealth((await client.request(PanelQueueHealth)).relayQueueHealth);
    } catch (error) {
      showError(error);
    }
  };
  useEffect(() => {
    void load();
    // The chart's minutes move on even when nothing happens.
    const timer = setInterval(() => void load(), 15_000);
    return () => clearInterval(timer);
  }, []);
  useLiveLoad(load, [[PanelMessageUpdates], [PanelQueueChanges]], 500);

  const toggle = async () => {
    const confirmed =
      health.paused ||
      (await confirmAction({
        title: 'Pause the queue?',
        message: 'While paused, every send answers 503 queue_blocked and nothing queued goes to a phone until you resume.',
        confirmLabel: 'Pause now',
      }));
    if (!confirmed) return;
    try {
      await client.request(health.paused ? PanelResumeQueue : PanelPauseQueue);
      clearError();
      await load();
    } catch (error) {
      showError(error);
    }
  };

  if (!health) return html`<p class="muted" aria-busy="true">Loading…</p>`;
  return html`
    <${RelayMode} />
    <${QuietHours} />
    <section aria-labelledby="state-heading" class="card wide">
      <h2 id="state-heading">Queue <span id="queue-state" class="muted" data-paused=${String(health.paused)}>${
        health.pausedBy === 'OPERATOR' ? '(paused by an operator: sends answer 503 queue_blocked)' : health.paused ? '(paused by you: sends answer 503 queue_blocked)' : '(running)'
      }</span></h2>
      ${
        health.pausedBy === 'OPERATOR'
          ? html`<p id="operator-pause">An operator paused sending for this account; only the operator can resume it. Queued messages wait.</p>`
          : html`<p><button type="button" id="toggle-queue" class=${health.paused ? '' : 'danger'} onClick=${toggle}>${health.paused ? 'Resume queue' : 'Pause queue'}</button></p>`
      }
      <dl class="counts" id="counts">
        ${counts.map(
          (count) => html`<div key=${count.key}>
            <dt>${count.name} <span class="note">${count.note}</span></dt>
            <dd data-count=${count.key}>${formatNumber(health.counts[count.field])}</dd>
          </div>`,
        )}
        <div><dt>Queue limit <span class="note">most that may wait</span></dt><dd data-count="limit">${formatNumber(health.queueLimit)}</dd></div>
      </dl>
      ${health.counts.stuck > 0 &&
      html`<p class="alert" role="alert" id="stuck-alert">
        <span class="badge bad">${formatNumber(health.counts.stuck)} stuck</span> held by a phone for more than a few minutes without a word${' '}
        (it may still send them). <a href="/panel/messages?stage=on_phone">Open them</a> to wait or send them through another phone.
      </p>`}
      <p>Oldest queued message: <strong id="oldest">${health.oldestQueuedAgeSeconds == null ? 'none waiting' : `waiting ${formatNumber(Math.round(health.oldestQueuedAgeSeconds))} s`}</strong></p>
    </section>
    <section aria-labelledby="throughput-heading">
      <h2 id="throughput-heading">Throughput, last 15 minutes <span class="muted">(live)</span></h2>
      <p class="muted">Each line counts the messages that reached that stage in the minute: queued (accepted), given to a phone, reported sent, delivered, failed.</p>
      <${ThroughputChart} points=${health.throughput} />
    </section>
    <section aria-labelledby="load-heading">
      <h2 id="load-heading">Per-device load</h2>
      <table class="stack">
        <thead><tr><th>Device</th><th>Presence</th><th>Last heard</th><th>On the phone</th><th>Given in the last minute</th><th>Budget per minute</th></tr></thead>
        <tbody id="device-load">
          ${health.devices.length === 0
            ? html`<${EmptyRow} columns="6">No paired phone. <a href="/panel/devices">Pair one</a> to start sending.<//>`
            : health.devices.map((device) => html`
                <tr key=${device.deviceId}>
                  <td data-label="Device"><a href=${`/panel/devices/${device.deviceId}`}>${device.name}</a></td>
                  <td data-label="Presence"><${PresenceBadge} status=${device.status} /></td>
                  <td data-label="Last heard" class="nowrap" data-last-heard=${device.lastSeenAt}><time datetime=${device.lastSeenAt} title=${formatDateTime(device.lastSeenAt)}>${formatTimeAgo(device.lastSeenAt)}</time></td>
                  <td data-label="On the phone">${formatNumber(device.inFlight)}${device.stuck > 0 && html` <span class="badge bad" data-stuck=${device.stuck}>${formatNumber(device.stuck)} stuck</span>`}</td>
                  <td data-label="Given in the last minute">${formatNumber(device.sentLastMinute)}</td>
                  <td data-label="Budget per minute">${formatNumber(device.ratePerMinute)}</td>
                </tr>`)}
        </tbody>
      </table>
    </section>`;
}

render(html`<${QueuePage} />`, document.getElementById('app'));
