/** The files /api/docs/:asset serves, by name (a Map: `__proto__` is not a file): swagger-ui-dist's, and the script that points Swagger UI at the document. */
export const DOCS_ASSETS: ReadonlyMap<string, string> = new Map(Object.entries({
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
  'init.js': 'text/javascript; charset=utf-8',
}));

/** A script file rather than an inline one, so a Content-Security-Policy without 'unsafe-inline' still runs it. */
export const DOCS_INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // A box that narrows the list to a tag: the page renders only the sections in view, and there are 140 operations.
    filter: true,
    // Same origin: "Try it out" sends the console's session cookie.
    withCredentials: true,
  });
});
`;

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Tollgate API reference</title>
  <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" sizes="32x32">
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/init.js"></script>
</body>
</html>
`;
