import { PanelReadiness } from '/panel/src/relay/panel/panel-operations.ts';
import { clearError, live } from '/panel/assets/panel.js';
import { Badge, html, render, useEffect, useState } from '/panel/assets/ui.js';

// Live on every step: the subscription yields the checklist, then a new one whenever a device,
// a message, an API key, a webhook endpoint or the subscription changes a step.
function ReadinessPage() {
  const [readiness, setReadiness] = useState(null);
  useEffect(
    () =>
      live(PanelReadiness, {}, (data) => {
        clearError();
        setReadiness(data.launchReadinessChanged);
      }),
    [],
  );
  if (!readiness) return html`<p id="ready" class="card muted" aria-busy="true">Loading…</p>`;
  return html`
    <p id="ready" class="card" data-ready=${String(readiness.ready)}>
      ${readiness.ready ? 'Ready to launch: every step is done.' : 'Not ready yet: finish the steps below, in order.'}
    </p>
    <ol id="steps" class="steps">
      ${readiness.steps.map(
        (step) => html`<li key=${step.key} data-step=${step.key} data-ok=${String(step.ok)}>
          <strong>${step.title}</strong> <${Badge} tone=${step.ok ? 'good' : 'warn'}>${step.ok ? 'done' : 'to do'}<//>
          <div class="muted">${step.hint}</div>
        </li>`,
      )}
    </ol>`;
}

render(html`<${ReadinessPage} />`, document.getElementById('app'));
