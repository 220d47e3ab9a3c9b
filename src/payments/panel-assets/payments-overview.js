// The payments part of the panel's overview: volume collected and success rate over the last day or
// week (GraphQL paymentsOverview), linking to the payments page.
import { PanelPaymentsOverview } from '/panel/src/payments/panel/panel-operations.ts';
import { formatCount, formatMoney } from '/panel/sdk/format.ts';
import { client, showError } from '/panel/assets/panel.js';
import { html, render, useEffect, useState } from '/panel/assets/ui.js';
import { OverviewChart, WindowSwitch } from '/panel/assets/overview-chart.js';

/** Minor units (what the API stores) in major units of the currency: cents to dollars, yen as yen. */
function majorUnits(minor, currency) {
  const digits = new Intl.NumberFormat(undefined, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  return minor / 10 ** digits;
}

const rate = (succeeded, attempted) => (attempted === 0 ? null : succeeded / attempted);
const percent = (value) => (value == null ? '—' : `${Math.round(value * 100)} %`);

function PaymentsOverview({ ready }) {
  const [days, setDays] = useState(1);
  const [overview, setOverview] = useState(null);
  useEffect(() => {
    client.request(PanelPaymentsOverview, { days }).then((data) => setOverview(data.paymentsOverview), (error) => {
      showError(error);
      ready();
    });
  }, [days]);
  useEffect(() => {
    if (overview) ready();
  }, [overview]);
  if (!overview) return html`<p class="muted" aria-busy="true">Loading…</p>`;
  const currency = overview.currency ?? 'USD';
  const money = (minor) => formatMoney(majorUnits(minor, currency), currency);
  const total = overview.buckets.reduce((sum, bucket) => ({ volume: sum.volume + bucket.volumeMinor, succeeded: sum.succeeded + bucket.succeeded, attempted: sum.attempted + bucket.attempted }), { volume: 0, succeeded: 0, attempted: 0 });
  const windowName = days === 1 ? 'the last day' : 'the last week';
  return html`
    <${WindowSwitch} name="payments-window" days=${days} onChange=${setDays} />
    <dl class="counts" id="payments-overview-figures">
      <div><dt>Volume <span class="note">succeeded, ${windowName}</span></dt><dd data-figure="volume">${overview.currency ? money(total.volume) : '—'}</dd></div>
      <div><dt>Success rate <span class="note">of payments tried</span></dt><dd data-figure="success-rate">${percent(rate(total.succeeded, total.attempted))}</dd></div>
      <div><dt>Succeeded</dt><dd data-figure="succeeded">${formatCount(total.succeeded)}</dd></div>
    </dl>
    <${OverviewChart}
      id="payments-chart"
      buckets=${overview.buckets}
      bucketSeconds=${overview.bucketSeconds}
      summary=${`Payments over ${windowName}: ${overview.currency ? money(total.volume) : 'nothing'} collected, success rate ${percent(rate(total.succeeded, total.attempted))}.`}
      scales=${{
        volume: { label: `Volume (${currency.toUpperCase()})`, format: (value) => money(value) },
        rate: { label: 'Success rate', format: (value) => percent(value), range: () => [0, 1] },
      }}
      series=${[
        { label: 'Volume', scale: 'volume', stroke: '#2952cc', value: (bucket) => bucket.volumeMinor },
        { label: 'Success rate', scale: 'rate', stroke: '#146c2e', dash: [6, 3], value: (bucket) => rate(bucket.succeeded, bucket.attempted) },
      ]}
    />
    <p><a href="/panel/payments">All payments</a></p>`;
}

/** Renders the part; resolves once its first data is shown (or its error). */
export default function renderPart(element) {
  return new Promise((ready) => render(html`<${PaymentsOverview} ready=${ready} />`, element));
}
