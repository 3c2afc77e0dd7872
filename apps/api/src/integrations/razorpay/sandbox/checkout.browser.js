// The sandbox's stand-in for https://checkout.razorpay.com/v1/checkout.js: the same `window.Razorpay` API
// (constructor(options), open(), close(), on('payment.failed', cb)), a modal <dialog> in place of Razorpay's
// iframe where the tester chooses the outcome (Razorpay's test UPI ids success@razorpay / failure@razorpay), and
// the same handler payload, signed by the server with the key secret. Served from this origin, so the store's
// CSP (script-src 'self', connect-src 'self') needs no exception; no inline script or style sheet is used.
(function () {
  'use strict';

  var current = document.currentScript;
  // .../__razorpay/checkout.js -> .../__razorpay/
  var base = current && current.src ? new URL('.', current.src).href : '/__razorpay/';

  // Razorpay's options take the amount in paise as a number or as a numeric string ("84900"); both are shown.
  function formatAmount(amount, currency) {
    var paise = typeof amount === 'string' && /^\s*\d+\s*$/.test(amount) ? Number(amount) : amount;
    if (typeof paise !== 'number' || !isFinite(paise)) return '';
    try {
      return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'INR' }).format(
        paise / 100,
      );
    } catch {
      return (currency || 'INR') + ' ' + (paise / 100).toFixed(2);
    }
  }

  function el(tag, style, text) {
    var node = document.createElement(tag);
    if (style) Object.assign(node.style, style);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  var buttonStyle = {
    font: 'inherit',
    padding: '10px 16px',
    borderRadius: '6px',
    border: '1px solid #1f2937',
    cursor: 'pointer',
    minWidth: '88px',
  };

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || typeof options !== 'object') throw new Error('Razorpay: options are required');
    if (!options.key) throw new Error('Razorpay: No key passed');
    if (!options.order_id) throw new Error('Razorpay: order_id is required');
    this.options = options;
    this._listeners = {};
    this._dialog = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    if (typeof callback === 'function')
      (this._listeners[event] = this._listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).forEach(function (cb) {
      cb(payload);
    });
  };

  Razorpay.prototype.open = function () {
    if (this._dialog) return this;
    var o = this.options;
    var modal = o.modal || {};

    var dialog = el('dialog', {
      maxWidth: '380px',
      width: 'calc(100% - 32px)',
      padding: '24px',
      border: '0',
      borderRadius: '12px',
      boxShadow: '0 20px 50px rgba(0,0,0,0.35)',
      fontFamily: 'system-ui, sans-serif',
      color: '#111827',
      background: '#ffffff',
    });
    dialog.setAttribute('aria-labelledby', 'rzp-sandbox-title');
    dialog.setAttribute('aria-describedby', 'rzp-sandbox-summary');
    dialog.setAttribute('data-razorpay-sandbox', '');

    var title = el('h2', { margin: '0 0 4px', fontSize: '18px' }, o.name || 'Razorpay sandbox');
    title.id = 'rzp-sandbox-title';
    var summary = el('p', { margin: '0 0 12px', fontSize: '14px', color: '#374151' });
    summary.id = 'rzp-sandbox-summary';
    summary.textContent =
      (o.description ? o.description + ' · ' : '') +
      formatAmount(o.amount, o.currency) +
      ' · Test payment (Razorpay sandbox)';
    var hint = el(
      'p',
      { margin: '0 0 16px', fontSize: '13px', color: '#4b5563' },
      'Pay succeeds as success@razorpay; Fail declines as failure@razorpay.',
    );
    var status = el('p', { margin: '0 0 12px', fontSize: '14px', minHeight: '1.25em', color: '#b91c1c' });
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');

    var row = el('div', { display: 'flex', gap: '8px', flexWrap: 'wrap' });
    var pay = el(
      'button',
      Object.assign({}, buttonStyle, { background: '#1f2937', color: '#ffffff' }),
      'Pay',
    );
    var fail = el(
      'button',
      Object.assign({}, buttonStyle, { background: '#ffffff', color: '#1f2937' }),
      'Fail',
    );
    var cancel = el(
      'button',
      Object.assign({}, buttonStyle, { background: '#ffffff', color: '#1f2937' }),
      'Cancel',
    );
    [pay, fail, cancel].forEach(function (b) {
      b.type = 'button';
      row.appendChild(b);
    });
    dialog.append(title, summary, hint, status, row);

    function setBusy(busy) {
      pay.disabled = busy;
      fail.disabled = busy;
      dialog.setAttribute('aria-busy', busy ? 'true' : 'false');
    }

    var submit = (outcome) => {
      setBusy(true);
      status.textContent = 'Processing…';
      var prefill = o.prefill || {};
      fetch(base + 'pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key_id: o.key,
          order_id: o.order_id,
          outcome: outcome,
          email: prefill.email,
          contact: prefill.contact,
          description: o.description,
        }),
      })
        .then((res) =>
          res.json().then((body) => {
            return { ok: res.ok, body: body };
          }),
        )
        .then((r) => {
          if (r.ok && r.body.razorpay_payment_id) {
            this._finish();
            if (typeof o.handler === 'function') o.handler(r.body);
            return;
          }
          var error = (r.body && r.body.error) || { description: 'Payment could not be processed' };
          status.textContent = error.description || 'Payment failed';
          setBusy(false);
          if (r.ok) {
            // A declined payment: Razorpay's own shape, and the pop-up stays open for a retry unless disabled.
            this._emit('payment.failed', r.body);
            if (o.retry && o.retry.enabled === false) this._dismiss();
            else pay.focus();
          }
        })
        .catch(() => {
          status.textContent = 'Could not reach the payment sandbox. Please try again.';
          setBusy(false);
        });
    };

    pay.addEventListener('click', () => submit('success'));
    fail.addEventListener('click', () => submit('failure'));
    cancel.addEventListener('click', () => this._dismiss());
    dialog.addEventListener('cancel', (event) => {
      // Escape key. Razorpay's modal.escape: false keeps the pop-up open.
      event.preventDefault();
      if (modal.escape !== false) this._dismiss();
    });

    this._dialog = dialog;
    this._opener = document.activeElement;
    document.body.appendChild(dialog);
    dialog.showModal();
    pay.focus();
    return this;
  };

  Razorpay.prototype._finish = function () {
    if (!this._dialog) return;
    this._dialog.close();
    this._dialog.remove();
    this._dialog = null;
    if (this._opener && typeof this._opener.focus === 'function') this._opener.focus();
  };

  Razorpay.prototype._dismiss = function () {
    if (!this._dialog) return;
    this._finish();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.close = function () {
    this._finish();
  };

  window.Razorpay = Razorpay;
})();
