// The API document viewer: reads openapi.json and lists every route with its permission code,
// request and response schema. Plain DOM, no inline script (the app's CSP allows scripts from 'self' only).

function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes ?? {})) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function schemaBlock(title, schema) {
  return el('div', {}, el('h4', {}, title), el('pre', {}, JSON.stringify(schema ?? {}, null, 2)));
}

function renderIntro(doc) {
  const intro = document.getElementById('intro');
  intro.className = 'intro';
  intro.append(el('h2', {}, doc.info.title));
  for (const paragraph of doc.info.description.split('\n\n')) intro.append(el('p', {}, paragraph));
  const anyRoute = Object.values(doc.paths)[0]?.post;
  if (anyRoute) {
    intro.append(el('h4', {}, 'HTTP 200 的 body code'), el('p', { class: 'desc' }, anyRoute.responses['200'].description));
    const table = el('table', {}, el('tr', {}, el('th', {}, 'HTTP'), el('th', {}, '含义')));
    for (const [status, answer] of Object.entries(anyRoute.responses)) {
      if (status !== '200') table.append(el('tr', {}, el('td', {}, status), el('td', {}, answer.description)));
    }
    intro.append(el('h4', {}, '其他 HTTP 状态'), table);
  }
  intro.append(schemaBlock('错误响应 ErrorEnvelope', doc.components.schemas.ErrorEnvelope));
}

function renderRoutes(doc) {
  const list = document.getElementById('routes');
  list.replaceChildren();
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    const tag = item.post.tags[0];
    if (!byTag.has(tag)) byTag.set(tag, []);
    byTag.get(tag).push([path, item.post]);
  }
  for (const [tag, routes] of byTag) {
    const section = el('section', { 'data-tag': tag }, el('h2', {}, tag));
    for (const [path, operation] of routes) {
      const data = operation.responses['200'].content['application/json'].schema.oneOf[0].properties.data;
      const details = el(
        'details',
        { class: 'route', 'data-search': `${path} ${operation['x-permission']}`.toLowerCase() },
        el('summary', {}, el('span', { class: 'method' }, 'POST'), el('code', {}, path), el('span', { class: 'perm' }, operation['x-permission'])),
      );
      details.addEventListener(
        'toggle',
        () => {
          details.append(
            el(
              'div',
              { class: 'body' },
              el('p', { class: 'desc' }, operation.description),
              schemaBlock('请求体 request body', operation.requestBody.content['application/json'].schema),
              schemaBlock('成功时的 data / data on success', data),
            ),
          );
        },
        { once: true },
      );
      section.append(details);
    }
    list.append(section);
  }
}

function applyFilter(text) {
  const needle = text.trim().toLowerCase();
  for (const section of document.querySelectorAll('#routes section')) {
    let shown = 0;
    for (const route of section.querySelectorAll('details.route')) {
      const match = !needle || route.dataset.search.includes(needle);
      route.hidden = !match;
      if (match) shown++;
    }
    section.hidden = shown === 0;
  }
}

async function main() {
  const answer = await fetch('/api/docs/openapi.json');
  const doc = await answer.json();
  renderIntro(doc);
  renderRoutes(doc);
  document.getElementById('filter').addEventListener('input', (event) => applyFilter(event.target.value));
}

main().catch((error) => {
  document.getElementById('routes').replaceChildren(el('p', {}, `加载失败：${error.message}`));
});
