// Copy buttons: <button data-copy="ID" data-copied="TEXT"> copies the value of the input
// #ID to the clipboard and says TEXT for two seconds. No framework.
(function () {
  'use strict';
  Array.prototype.forEach.call(document.querySelectorAll('button[data-copy]'), function (button) {
    var field = document.getElementById(button.getAttribute('data-copy'));
    if (!field) return;
    var label = button.textContent;
    var done = function () {
      button.textContent = button.getAttribute('data-copied') || label;
      setTimeout(function () { button.textContent = label; }, 2000);
    };
    button.hidden = false;
    button.addEventListener('click', function () {
      var fallback = function () {
        field.focus();
        field.select();
        try { if (document.execCommand('copy')) done(); } catch (e) { /* left selected */ }
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(done, fallback);
      } else {
        fallback();
      }
    });
  });
})();
