// Classic-script loader for <tilesched-playground>, for page generators that can only add
// plain <script src> tags (mdBook's additional-js): imports the ES module next to this file.
(function () {
  var here = document.currentScript && document.currentScript.src;
  import(new URL('tilesched-playground.js', here || document.baseURI).href);
})();
