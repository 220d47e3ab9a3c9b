import { PanelDeviceUpdates, PanelMessageUpdates, PanelReadiness } from '/panel/sdk/operations.ts';
import { client, coalesced, el, live, showError } from '/panel/assets/panel.js';

async function load() {
  const { launchReadiness: readiness } = await client.request(PanelReadiness);
  const ready = document.getElementById('ready');
  ready.textContent = readiness.ready ? 'Ready to launch: every step is done.' : 'Not ready yet: finish the steps below, in order.';
  ready.dataset.ready = String(readiness.ready);
  document.getElementById('steps').replaceChildren(
    ...readiness.steps.map((step) =>
      el('li', { 'data-step': step.key, 'data-ok': String(step.ok) }, el('strong', {}, `${step.ok ? '✓' : '○'} ${step.title}`), step.ok ? '' : el('div', { class: 'muted' }, step.hint)),
    ),
  );
}

const refresh = coalesced(load, 100);
live(PanelDeviceUpdates, {}, refresh);
live(PanelMessageUpdates, {}, refresh);
window.addEventListener('focus', refresh);
load().catch(showError);
