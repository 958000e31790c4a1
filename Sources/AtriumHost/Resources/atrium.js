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

  document.querySelectorAll("form[data-validate]").forEach(enhance);

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

  document.querySelectorAll("form[data-complete]").forEach(requireComplete);

  document.addEventListener("submit", function (event) {
    const button = event.submitter;
    if (!button || !button.dataset.busyTitle) return;
    button.dataset.idleTitle = button.textContent;
    button.textContent = button.dataset.busyTitle;
    event.target.setAttribute("aria-busy", "true");
    // Disabled once the form is on its way, so a second click sends nothing more.
    setTimeout(function () { button.disabled = true; }, 0);
  });

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

  // Back to a page whose form was sent: the button is itself again.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("button[data-idle-title]").forEach(function (button) {
      button.textContent = button.dataset.idleTitle;
      button.removeAttribute("data-idle-title");
      button.disabled = false;
      const form = button.closest("form");
      if (form) {
        form.removeAttribute("aria-busy");
        if (form.hasAttribute("data-complete")) button.disabled = !form.checkValidity();
      }
    });
  });
})();
