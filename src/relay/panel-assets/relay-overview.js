// The relay part of the panel's overview: messages sent, delivered, failed and queued over the last
// day or week (GraphQL relayOverview), what waits now, phones online, stuck messages; each links on.
import { PanelRelayOverview } from '/panel/src/relay/panel/panel-operations.ts';
import { client, showError } from '/panel/assets/panel.js';
import { html, render, useEffect, useState } from '/panel/assets/ui.js';
import { OverviewChart, WindowSwitch } from '/panel/assets/overview-chart.js';
import { formatNumber, stageNames } from '/panel/assets/ui-relay.js';

const series = [
  { field: 'queued', label: stageNames.QUEUED, stroke: '#5c6577', dash: [6, 3] },
  { field: 'sent', label: stageNames.SENT, stroke: '#2952cc' },
  { field: 'delivered', label: stageNames.DELIVERED, stroke: '#146c2e' },
  { field: 'failed', label: stageNames.FAILED, stroke: '#b42318', dash: [8, 2, 2, 2] },
];

function RelayOverview({ ready }) {
  const [days, setDays] = useState(1);
  const [data, setData] = useState(null);
  useEffect(() => {
    client.request(PanelRelayOverview, { days }).then(setData, (error) => {
      showError(error);
      ready();
    });
  }, [days]);
  useEffect(() => {
    if (data) ready();
  }, [data]);
  if (!data) return html`<p class="muted" aria-busy="true">Loading…</p>`;
  const { relayOverview: overview, relayQueueHealth: health } = data;
  const totals = Object.fromEntries(series.map((line) => [line.field, overview.buckets.reduce((sum, bucket) => sum + bucket[line.field], 0)]));
  const online = health.devices.filter((device) => device.status === 'online').length;
  const windowName = days === 1 ? 'the last day' : 'the last week';
  return html`
    <${WindowSwitch} name="relay-window" days=${days} onChange=${setDays} />
    <dl class="counts" id="relay-overview-figures">
      ${series.map((line) => html`<div key=${line.field}><dt>${line.label} <span class="note">${windowName}</span></dt><dd data-figure=${line.field}>${formatNumber(totals[line.field])}</dd></div>`)}
      <div><dt>Waiting now <span class="note">queued for a phone</span></dt><dd data-figure="waiting"><a href="/panel/queue">${formatNumber(health.counts.queued)}</a></dd></div>
      <div><dt>Phones online</dt><dd data-figure="devices-online"><a href="/panel/devices">${formatNumber(online)} of ${formatNumber(health.devices.length)}</a></dd></div>
      <div><dt>Stuck <span class="note">held by a phone without a word</span></dt><dd data-figure="stuck"><a href="/panel/messages?stage=on_phone">${formatNumber(health.counts.stuck)}</a></dd></div>
    </dl>
    <${OverviewChart}
      id="relay-chart"
      buckets=${overview.buckets}
      bucketSeconds=${overview.bucketSeconds}
      summary=${`Messages over ${windowName}: ${series.map((line) => `${line.label} ${formatNumber(totals[line.field])}`).join(', ')}.`}
      scales=${{ messages: { label: 'Messages', format: (value) => formatNumber(value) } }}
      series=${series.map((line) => ({ ...line, value: (bucket) => bucket[line.field] }))}
    />
    <p><a href="/panel/messages">All messages</a></p>`;
}

/** Renders the part; resolves once its first data is shown (or its error). */
export default function renderPart(element) {
  return new Promise((ready) => render(html`<${RelayOverview} ready=${ready} />`, element));
}
