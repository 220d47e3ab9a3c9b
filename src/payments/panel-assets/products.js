import { PanelCreatePrice, PanelCreateProduct, PanelProducts } from '/panel/src/payments/billing/panel-operations.ts';
import { clearError, client, showError } from '/panel/assets/panel.js';
import { Badge, DateTime, html, List, render, useState } from '/panel/assets/ui.js';
import { priceText } from '/panel/assets/billing-shared.js';

// The products page (issue 38): products newest first with their prices; a form creates a product, and
// each product's row a price for it (an amount, currency and interval never change: a new price does).

function NewProduct({ onCreated }) {
  const submit = async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = form.elements.name.value.trim();
    try {
      await client.request(PanelCreateProduct, { input: { name, ...(form.elements.description.value ? { description: form.elements.description.value } : {}) } });
      clearError();
      form.reset();
      onCreated();
    } catch (error) {
      showError(error);
    }
  };
  return html`<form class="card" id="new-product" onSubmit=${submit} aria-labelledby="new-product-heading">
    <h2 id="new-product-heading">New product</h2>
    <label for="product-name">Name</label>
    <input id="product-name" name="name" required maxlength="200" />
    <label for="product-description">Description</label>
    <input id="product-description" name="description" maxlength="500" />
    <button type="submit">Create product</button>
  </form>`;
}

function NewPrice({ product, onCreated }) {
  const [open, setOpen] = useState(false);
  if (!open) return html`<button type="button" onClick=${() => setOpen(true)} aria-label="Add price to ${product.name}">Add price</button>`;
  const submit = async (event) => {
    event.preventDefault();
    const form = event.currentTarget.elements;
    try {
      await client.request(PanelCreatePrice, {
        input: {
          product: product.id,
          unitAmount: Number(form.unitAmount.value),
          currency: form.currency.value.trim().toLowerCase(),
          recurring: { interval: form.interval.value, intervalCount: Number(form.intervalCount.value) || 1 },
          ...(form.nickname.value ? { nickname: form.nickname.value } : {}),
        },
      });
      clearError();
      setOpen(false);
      onCreated();
    } catch (error) {
      showError(error);
    }
  };
  const id = (name) => `${product.id}-${name}`;
  return html`<form class="new-price" onSubmit=${submit} aria-label="New price for ${product.name}">
    <label for=${id('amount')}>Amount</label><input id=${id('amount')} name="unitAmount" type="number" min="0" step="0.01" required />
    <label for=${id('currency')}>Currency</label><input id=${id('currency')} name="currency" value="usd" size="4" required />
    <label for=${id('interval')}>Every</label>
    <input id=${id('count')} name="intervalCount" type="number" min="1" value="1" aria-label="Interval count" size="3" />
    <select id=${id('interval')} name="interval">
      <option value="DAY">day</option><option value="WEEK">week</option><option value="MONTH" selected>month</option><option value="YEAR">year</option>
    </select>
    <label for=${id('nickname')}>Nickname</label><input id=${id('nickname')} name="nickname" />
    <button type="submit">Create price</button>
  </form>`;
}

function ProductsPage() {
  const [liveKey, setLiveKey] = useState(0);
  const reload = () => setLiveKey((count) => count + 1);
  const columns = [
    { label: 'Product', cell: (node) => html`${node.name}<div class="muted"><code>${node.id}</code></div>` },
    {
      label: 'Prices',
      cell: (node) => html`<ul class="prices">
          ${node.prices.edges.map(({ node: price }) => html`<li data-price-id=${price.id}>${priceText(price)}${price.nickname ? ` · ${price.nickname}` : ''} <code>${price.id}</code>${price.active ? '' : html` <${Badge}>inactive<//>`}</li>`)}
        </ul>
        <${NewPrice} product=${node} onCreated=${reload} />`,
    },
    { label: 'Status', cell: (node) => html`<${Badge} tone=${node.active ? 'good' : 'neutral'}>${node.active ? 'Active' : 'Archived'}<//>` },
    { label: 'Created', cell: (node) => html`<${DateTime} value=${node.createdAt} />` },
  ];
  return html`<${NewProduct} onCreated=${reload} />
    <section aria-labelledby="products-heading">
      <h2 id="products-heading">Products</h2>
      <${List}
        label="Products"
        tbodyId="products"
        columns=${columns}
        liveKey=${liveKey}
        rowAttributes=${(node) => ({ 'data-product-id': node.id })}
        fetchPage=${async (page) => (await client.request(PanelProducts, page)).products}
        empty="No products yet. Create one above, or with the API (POST /api/v1/products)."
      />
    </section>`;
}

const mount = document.getElementById('products-app');
mount.replaceChildren();
render(html`<${ProductsPage} />`, mount);
