// Atrium's only script: progressive enhancement. Pages work without it.
//
// Live validation: a form with data-validate posts its fields as JSON to that route as the visitor
// types, shows the errors of the fields they have touched, and keeps its submit buttons
// (data-requires-valid) disabled until no field has an error.
//
// Complete forms: a form with data-complete (it holds a one-time code) keeps its submit buttons
// (data-requires-complete) disabled until every field meets its constraints; typing into a field
// clears its error, and a code field takes digits only.
//
// Busy buttons: while a form is being sent, a submit button with data-busy-title says so.
//
// Once only: a posted form carries an Idempotency key (field _idempotency), made on submit.
//
// Web app: registers the service worker (/worker.js) and says what it sent or keeps waiting.
//
// Live pages: while the tab is visible, the page subscribes to its own address as Server-Sent
// Events (the host streams the scene's state); when the state changes, the page is fetched again
// and its main content replaced in place, keeping focus, the caret and whatever the visitor is
// typing, and a polite announcement tells screen readers. Hidden tabs hold no connection (a browser
// opens about six per site). Without JavaScript, or without EventSource, a reload shows the same.
(function () {
  "use strict";

  function errorsIn(nodes, errors) {
    for (const node of nodes || []) {
      if ((node.type === "field" || node.type === "picker") && node.name) errors[node.name] = node.error || "";
      errorsIn(node.content, errors);
    }
    return errors;
  }

  function enhance(form) {
    const touched = new Set();
    const buttons = form.querySelectorAll("button[data-requires-valid]");
    let timer = null;
    let sequence = 0;

    async function validate() {
      const mine = ++sequence;
      const body = {};
      new FormData(form).forEach(function (value, key) { if (key !== "_csrf") body[key] = value; });
      const token = form.querySelector("input[name=_csrf]");
      let response;
      try {
        response = await fetch(form.dataset.validate, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": token ? token.value : "" },
          body: JSON.stringify(body),
        });
      } catch (error) {
        return; // Offline: the server checks again on submit.
      }
      if (!response.ok || mine !== sequence) return;
      const document_ = await response.json();
      const errors = errorsIn(document_.screen && document_.screen.content, {});
      let valid = true;
      for (const name of Object.keys(errors)) {
        if (errors[name]) valid = false;
        const input = form.querySelector("[name='" + CSS.escape(name) + "']");
        if (!input) continue;
        const message = document.getElementById(input.id + "-error");
        const shown = touched.has(name) ? errors[name] : "";
        if (message) message.textContent = shown;
        if (shown) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
        input.closest(".field") && input.closest(".field").classList.toggle("field-invalid", Boolean(shown));
      }
      buttons.forEach(function (button) { button.disabled = !valid; });
    }

    function changed(event) {
      if (event.target && event.target.name) touched.add(event.target.name);
      clearTimeout(timer);
      timer = setTimeout(validate, 120);
    }

    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    // Fields the server already marked invalid count as touched.
    form.querySelectorAll("[aria-invalid=true]").forEach(function (input) { touched.add(input.name); });
    validate();
  }

  function enhanceForms(root) {
    root.querySelectorAll("form[data-validate]").forEach(enhance);
    root.querySelectorAll("form[data-complete]").forEach(requireComplete);
  }

  function requireComplete(form) {
    const buttons = form.querySelectorAll("button[data-requires-complete]");
    function update() {
      const complete = form.checkValidity();
      buttons.forEach(function (button) { button.disabled = !complete; });
    }
    form.addEventListener("input", function (event) {
      const input = event.target;
      if (input && input.getAttribute("inputmode") === "numeric" && input.pattern) {
        const digits = input.value.replace(/[^0-9]/g, "");
        const limit = input.maxLength > 0 ? input.maxLength : digits.length;
        if (digits !== input.value || digits.length > limit) input.value = digits.slice(0, limit);
      }
      if (input && input.id) {
        const message = document.getElementById(input.id + "-error");
        if (message) message.textContent = "";
        input.removeAttribute("aria-invalid");
        const field = input.closest(".field");
        if (field) field.classList.remove("field-invalid");
      }
      update();
    });
    update();
  }

  enhanceForms(document);

  // Once only: each form posted carries a key of its own (the host does an action sent twice with
  // one key once, and answers the second with the first's outcome). It is made when the form is
  // sent, not rendered into the page (that would change the page's tag), and stays with the form:
  // a second click, or the same page sent again from history, repeats the key.
  function newKey() {
    if (crypto.randomUUID) return crypto.randomUUID();
    return Array.from(crypto.getRandomValues(new Uint8Array(16)), function (byte) { return byte.toString(16).padStart(2, "0"); }).join("");
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    if (form.method && form.method.toLowerCase() === "post" && !form.elements.namedItem("_idempotency")) {
      const key = document.createElement("input");
      key.type = "hidden";
      key.name = "_idempotency";
      key.value = newKey();
      form.appendChild(key);
    }
  }, true);

  // An edit makes another action: the form's next send gets a key of its own (the same key with
  // other input is refused, 422).
  function forgetKey(event) {
    const form = event.target && event.target.form;
    const key = form && form.elements.namedItem("_idempotency");
    if (key) key.remove();
  }
  document.addEventListener("input", forgetKey, true);
  document.addEventListener("change", forgetKey, true);

  document.addEventListener("submit", function (event) {
    const button = event.submitter;
    if (!button || !button.dataset.busyTitle) return;
    button.dataset.idleTitle = button.textContent;
    button.textContent = button.dataset.busyTitle;
    event.target.setAttribute("aria-busy", "true");
    // Disabled once the form is on its way, so a second click sends nothing more.
    setTimeout(function () { button.disabled = true; }, 0);
  });

  // The web app: a service worker keeps the pages visited and the forms sent offline, and sends
  // those once when the connection is back (/worker.js). It asks the worker to send what waits at
  // each page load and when the browser is back online, and says what was sent or still waits.
  if ("serviceWorker" in navigator && window.isSecureContext) {
    const main = document.getElementById("main");
    const say = function (text) {
      if (!main || !text) return;
      const old = main.querySelector("[data-waiting]");
      if (old) old.remove();
      const line = document.createElement("p");
      line.className = "message info";
      line.setAttribute("role", "status");
      line.dataset.waiting = "";
      line.textContent = text;
      main.prepend(line);
    };
    // What became of the forms sent offline, in a sentence.
    const report = function (data) {
      const parts = [];
      if (data.sent > 0) parts.push(data.sent === 1 ? "1 form sent offline has now been sent." : data.sent + " forms sent offline have now been sent.");
      if (data.changed > 0) {
        parts.push((data.changed === 1 ? "1 form was" : data.changed + " forms were") + " not done: what it was made on changed since. Open its page and do it again if you still want to.");
      }
      if (data.expired > 0) parts.push((data.expired === 1 ? "1 form was" : data.expired + " forms were") + " not sent: it waited longer than a day.");
      return parts.join(" ");
    };
    const said = sessionStorage.getItem("atrium-sent");
    if (said) {
      sessionStorage.removeItem("atrium-sent");
      try { say(report(JSON.parse(said))); } catch (ignored) { /* an older page's note */ }
    }
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (!event.data || event.data.type !== "atrium-waiting") return;
      if (event.data.sent > 0 || event.data.changed > 0 || event.data.expired > 0) {
        // What was sent changed what this page shows: load it again, and say so.
        sessionStorage.setItem("atrium-sent", JSON.stringify(event.data));
        window.location.reload();
      } else if (event.data.left > 0) {
        say(event.data.left === 1 ? "1 form waits to be sent when the connection is back." : event.data.left + " forms wait to be sent when the connection is back.");
      }
    });
    const sendWaiting = function () {
      if (navigator.serviceWorker.controller) navigator.serviceWorker.controller.postMessage({ type: "atrium-send-waiting" });
    };
    navigator.serviceWorker.register("/worker.js").then(sendWaiting, function () { /* pages work without it */ });
    window.addEventListener("online", sendWaiting);
  }

  // Maps: "Use my location" recentres on the browser's position, where it can tell.
  if (navigator.geolocation) {
    document.querySelectorAll("[data-locate]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        navigator.geolocation.getCurrentPosition(function (position) {
          const url = new URL(window.location.href);
          url.searchParams.set("lat", position.coords.latitude.toFixed(5));
          url.searchParams.set("lon", position.coords.longitude.toFixed(5));
          window.location.href = url.toString();
        });
      });
    });
  }

  // Live pages.
  const main = document.getElementById("main");
  if (main && window.EventSource && window.fetch && window.DOMParser) {
    let source = null;
    // The state this page shows, as its stream names it: the page says so when the host keeps it.
    let shownID = main.getAttribute("data-state");
    let updating = false;
    let again = false;
    const status = document.createElement("div");
    status.className = "visually-hidden";
    status.setAttribute("aria-live", "polite");
    status.id = "live-status";
    document.body.appendChild(status);

    // What the visitor has typed into the main content, by field name, and where focus is.
    function typed(root) {
      const values = {};
      root.querySelectorAll("input, textarea, select").forEach(function (field) {
        if (!field.name || field.type === "hidden") return;
        if (field.type === "checkbox" || field.type === "radio") {
          if (field.checked !== field.defaultChecked) values[field.name + "\u0000" + field.value] = field.checked;
        } else if (field.value !== field.defaultValue) {
          values[field.name] = field.value;
        }
      });
      return values;
    }

    function restore(root, values) {
      root.querySelectorAll("input, textarea, select").forEach(function (field) {
        if (!field.name || field.type === "hidden") return;
        if (field.type === "checkbox" || field.type === "radio") {
          const key = field.name + "\u0000" + field.value;
          if (key in values) field.checked = values[key];
        } else if (field.name in values) {
          field.value = values[field.name];
        }
      });
    }

    async function update() {
      if (updating) { again = true; return; }
      updating = true;
      try {
        const response = await fetch(window.location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } });
        if (!response.ok || response.redirected) { if (response.redirected) window.location.assign(response.url); return; }
        const next = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("main");
        if (!next) return;
        const active = document.activeElement;
        const focus = active && main.contains(active) ? { id: active.id, name: active.name, start: active.selectionStart, end: active.selectionEnd } : null;
        const values = typed(main);
        main.replaceChildren(...Array.from(next.childNodes).map(function (node) { return document.importNode(node, true); }));
        restore(main, values);
        enhanceForms(main);
        if (focus) {
          const target = (focus.id && document.getElementById(focus.id)) || (focus.name && main.querySelector("[name='" + CSS.escape(focus.name) + "']"));
          if (target) {
            target.focus({ preventScroll: true });
            if (focus.start !== null && focus.start !== undefined && target.setSelectionRange) {
              try { target.setSelectionRange(focus.start, focus.end); } catch (error) { /* not a text field */ }
            }
          }
        }
        const title = next.ownerDocument.title;
        if (title) document.title = title;
        main.classList.remove("live-updated");
        void main.offsetWidth;
        main.classList.add("live-updated");
        status.textContent = "";
        setTimeout(function () { status.textContent = document.body.dataset.updated || "This page was updated."; }, 50);
      } catch (error) {
        // Offline or the host is restarting: the next event tries again.
      } finally {
        updating = false;
        if (again) { again = false; update(); }
      }
    }

    // After a refused stream, how long the last wait was, and the next try.
    let retryDelay = 0;
    let retryTimer = null;

    function subscribe() {
      if (source || document.visibilityState !== "visible") return;
      source = new EventSource(window.location.href);
      source.addEventListener("scene", function (event) {
        // A state other than the one shown is fetched: a change made between the page's load and
        // its subscription, or while the tab was hidden. A page that does not name its state takes
        // the first one heard as its own.
        const changed = shownID !== null && event.lastEventId !== shownID;
        shownID = event.lastEventId;
        if (changed) update();
      });
      source.addEventListener("redirect", function (event) {
        try { window.location.assign(JSON.parse(event.data).location); } catch (error) { window.location.reload(); }
      });
      source.addEventListener("error", function () {
        // Refused (a host that is draining answers 503): try again after a while, longer each
        // time, spread so a host's watchers do not all come back at once. The browser itself
        // comes back after a stream that ended (a stopping host's says when: its `retry:`).
        if (source && source.readyState === EventSource.CLOSED) {
          source = null;
          retryDelay = Math.min(retryDelay * 2 || 1000, 60000);
          clearTimeout(retryTimer);
          retryTimer = setTimeout(subscribe, retryDelay / 2 + Math.random() * retryDelay);
        }
      });
      source.addEventListener("open", function () { retryDelay = 0; });
    }

    function unsubscribe() {
      if (source) { source.close(); source = null; }
    }

    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") subscribe(); else unsubscribe();
    });
    // Leaving the page (a link, a form sent, a reload): its stream must not navigate it elsewhere
    // meanwhile (signing out here ends the stream with a redirect of its own).
    window.addEventListener("pagehide", unsubscribe);
    window.addEventListener("beforeunload", unsubscribe);
    document.addEventListener("submit", unsubscribe);
    subscribe();
  }

  // Back to a page whose form was sent: the button is itself again.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("button[data-idle-title]").forEach(function (button) {
      button.textContent = button.dataset.idleTitle;
      button.removeAttribute("data-idle-title");
      button.disabled = false;
      const form = button.form; // its own form, or the page's actions form it names
      if (form) {
        form.removeAttribute("aria-busy");
        if (form.hasAttribute("data-complete")) button.disabled = !form.checkValidity();
      }
    });
  });
})();
