import { PanelMessageUpdates, PanelPauseQueue, PanelQueueChanges, PanelQueueHealth, PanelResumeQueue } from '/panel/sdk/operations.ts';
import { clearError, client, coalesced, el, live, showError } from '/panel/assets/panel.js';

const SVG = 'http://www.w3.org/2000/svg';
let paused = false;

function svg(tag, attributes, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

/** Bars per minute: accepted (light) beside delivered (dark), failed on top in red. */
function chart(points) {
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...points.flatMap((point) => [point.accepted, point.delivered + point.failed]));
  const slot = width / points.length;
  const bar = Math.max(2, slot / 2 - 2);
  const scale = (value) => (value / max) * (height - 20);
  const bars = points.flatMap((point, index) => {
    const x = index * slot;
    const label = `${new Date(point.minute).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}: ${point.accepted} accepted, ${point.delivered} delivered, ${point.failed} failed`;
    return [
      svg('rect', { x, y: height - scale(point.accepted), width: bar, height: scale(point.accepted), fill: '#9db4f0' }, svg('title', {}, label)),
      svg('rect', { x: x + bar + 1, y: height - scale(point.delivered), width: bar, height: scale(point.delivered), fill: '#2952cc' }, svg('title', {}, label)),
      svg('rect', { x: x + bar + 1, y: height - scale(point.delivered) - scale(point.failed), width: bar, height: scale(point.failed), fill: '#b42318' }, svg('title', {}, label)),
    ];
  });
  return svg('svg', { viewBox: `0 0 ${width} ${height}`, width: '100%', height, preserveAspectRatio: 'none' }, ...bars);
}

async function load() {
  const { relayQueueHealth: health } = await client.request(PanelQueueHealth);
  paused = health.paused;
  document.getElementById('queue-state').textContent = health.paused ? '(paused: sends answer 503 queue_blocked)' : '(running)';
  document.getElementById('queue-state').dataset.paused = String(health.paused);
  document.getElementById('toggle-queue').textContent = health.paused ? 'Resume queue' : 'Pause queue';
  const counts = [
    ['Queued', health.counts.queued],
    ['On phones', health.counts.inFlight],
    ['Sent', health.counts.sent],
    ['Delivered', health.counts.delivered],
    ['Failed', health.counts.failed],
    ['Queue limit', health.queueLimit],
  ];
  document.getElementById('counts').replaceChildren(...counts.map(([name, value]) => el('div', {}, el('dt', {}, name), el('dd', { 'data-count': name.toLowerCase() }, value))));
  document.getElementById('oldest').textContent = health.oldestQueuedAgeSeconds == null ? 'none waiting' : `${Math.round(health.oldestQueuedAgeSeconds)} s`;
  document.getElementById('chart').replaceChildren(chart(health.throughput));
  document.getElementById('device-load').replaceChildren(
    ...health.devices.map((device) =>
      el('tr', {}, el('td', {}, device.name), el('td', {}, device.status), el('td', {}, device.inFlight), el('td', {}, device.sentLastMinute), el('td', {}, device.ratePerMinute)),
    ),
  );
}

document.getElementById('toggle-queue').addEventListener('click', async () => {
  try {
    await client.request(paused ? PanelResumeQueue : PanelPauseQueue);
    clearError();
    await load();
  } catch (error) {
    showError(error);
  }
});

const refresh = coalesced(load, 250);
live(PanelMessageUpdates, {}, refresh);
live(PanelQueueChanges, {}, refresh);
setInterval(refresh, 15_000); // the chart's minutes move on even when nothing happens
load().catch(showError);
