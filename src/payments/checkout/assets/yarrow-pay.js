// <yarrow-pay-button payment-intent="pi_…">: Yarrow's web pay button. Load it as a module from
// the gateway (<script type="module" src="https://<gateway>/js/yarrow-pay.js">); it reads the
// intent's checkout state from the same origin and sends the customer to the hosted checkout.
// No inline styles or scripts (the style is a constructed stylesheet), so a strict CSP only needs
// the gateway in script-src and connect-src. Look and states: README, "Pay button".
const gateway = new URL(import.meta.url).origin;

const sheet = new CSSStyleSheet();
sheet.replaceSync(`
  :host { display: inline-flex; flex-direction: column; gap: 0.4em; font: var(--yarrow-pay-font, inherit); }
  :host([hidden]) { display: none; }
  button {
    font: inherit; font-weight: 600; cursor: pointer; border: 0;
    padding: var(--yarrow-pay-padding, 0.7em 1.4em);
    border-radius: var(--yarrow-pay-radius, 6px);
    background: var(--yarrow-pay-background, #1f4fd1);
    color: var(--yarrow-pay-color, #fff);
  }
  button:focus-visible { outline: 3px solid var(--yarrow-pay-focus, #8aa8ff); outline-offset: 2px; }
  button:disabled { cursor: default; opacity: 0.65; }
  :host([data-state="loading"]) button { cursor: progress; }
  [part~="status"]:empty { display: none; }
  [part~="status"] { font-size: 0.875em; }
  [part~="error"] { color: var(--yarrow-pay-error-color, #b3261e); }
`);

const messages = {
  invalid: 'This button names no payment (payment-intent="pi_…").',
  not_found: 'This payment does not exist.',
  canceled: 'This payment was canceled.',
  succeeded: 'This payment is complete.',
  processing: 'This payment is under review.',
  requires_capture: 'This payment is authorized; the merchant completes it.',
  unreachable: 'The payment service cannot be reached. Try again in a moment.',
  popup: 'Checkout is open in another window.',
};

class YarrowPayButton extends HTMLElement {
  static observedAttributes = ['payment-intent', 'label'];
  #button;
  #status;
  #state;
  #loads = 0;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [sheet];
    this.#button = document.createElement('button');
    this.#button.type = 'button';
    this.#button.setAttribute('part', 'button');
    this.#status = document.createElement('span');
    this.#status.setAttribute('part', 'status');
    this.#status.setAttribute('role', 'status');
    this.#status.setAttribute('aria-live', 'polite');
    root.append(this.#button, this.#status);
    this.#button.addEventListener('click', () => this.#open());
  }

  // An element upgraded in the page gets attributeChangedCallback for its attributes and then
  // connectedCallback: both ask for one read, made once in a microtask.
  #refreshQueued = false;

  #queueRefresh() {
    if (this.#refreshQueued) return;
    this.#refreshQueued = true;
    queueMicrotask(() => {
      this.#refreshQueued = false;
      if (this.isConnected) void this.refresh();
    });
  }

  connectedCallback() {
    this.#queueRefresh();
  }

  attributeChangedCallback(_name, oldValue, newValue) {
    if (oldValue !== newValue) this.#queueRefresh();
  }

  /** Reads the intent's checkout state again (after a popup closes, or when the attribute changes). */
  async refresh() {
    const id = this.getAttribute('payment-intent') ?? '';
    const load = ++this.#loads;
    this.#state = undefined;
    this.#show('loading', 'Loading…');
    if (!/^pi_[0-9a-z]{26}$/.test(id)) return this.#show('error', this.#label(), messages.invalid);
    let answer;
    try {
      const response = await fetch(`${gateway}/checkout/${id}/state`, { credentials: 'omit', cache: 'no-store' });
      if (load !== this.#loads) return;
      if (response.status === 404) return this.#show('error', this.#label(), messages.not_found);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      answer = await response.json();
    } catch {
      if (load === this.#loads) this.#show('error', this.#label(), messages.unreachable);
      return;
    }
    if (load !== this.#loads) return;
    this.#state = answer;
    if (answer.payable) return this.#show('ready', this.#label());
    if (answer.status === 'succeeded') return this.#show('paid', 'Paid', messages.succeeded);
    if (answer.status === 'processing') return this.#show('processing', this.#label(), messages.processing);
    if (answer.status === 'requires_capture') return this.#show('authorized', 'Authorized', messages.requires_capture);
    return this.#show('error', this.#label(), messages.canceled);
  }

  #label() {
    const label = this.getAttribute('label');
    if (label) return label;
    return this.#state ? `Pay ${this.#state.amount_display} ${this.#state.currency}` : 'Pay';
  }

  /** `state`: loading, ready, paid, authorized, processing, opened or error (also `data-state` on the element, for styling). */
  #show(state, label, message = '') {
    this.dataset.state = state;
    this.#button.textContent = label;
    this.#button.disabled = state !== 'ready';
    this.setAttribute('aria-busy', String(state === 'loading'));
    this.#status.textContent = message;
    this.#status.setAttribute('part', state === 'error' ? 'status error' : 'status');
  }

  #open() {
    const state = this.#state;
    if (!state?.payable) return;
    const detail = { paymentIntent: state.id, checkoutUrl: state.checkout_url };
    // A listener may cancel the launch (to open the checkout its own way).
    if (!this.dispatchEvent(new CustomEvent('yarrow-pay:open', { detail, bubbles: true, composed: true, cancelable: true }))) return;
    if (this.getAttribute('mode') === 'popup') {
      const popup = window.open(state.checkout_url, 'yarrow-checkout', 'popup,width=480,height=760');
      if (popup) {
        this.#show('opened', this.#label(), messages.popup);
        const watch = setInterval(() => {
          if (!popup.closed) return;
          clearInterval(watch);
          void this.refresh();
        }, 500);
        return;
      }
    }
    window.location.assign(state.checkout_url);
  }
}

if (!customElements.get('yarrow-pay-button')) customElements.define('yarrow-pay-button', YarrowPayButton);
