// Atrium's only script: progressive enhancement. Pages work without it.
//
// Live validation: a form with data-validate posts its fields as JSON to that route as the visitor
// types, shows the errors of the fields they have touched, and keeps its submit buttons
// (data-requires-valid) disabled until no field has an error.
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
})();
