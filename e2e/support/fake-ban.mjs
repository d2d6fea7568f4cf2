// A local stand-in for the national address base (BAN, api-adresse.data.gouv.fr), which the browser tests cannot
// reach: the e2e server's ADDRESS_SEARCH_URL points here (playwright.config.ts), behind the app's real adapter
// (apps/server/src/modules/address/service.ts). It answers the BAN's GeoJSON for the addresses below and 503 for
// any other query, so the adapter falls back to the communes list there, as it does when the BAN is down.
import { createServer } from 'node:http';

const port = Number(process.env.E2E_BAN_PORT ?? 3198);

/** Known addresses: a folded query fragment → the BAN feature properties. */
const ADDRESSES = [
  {
    match: 'jean medecin',
    properties: {
      label: '8 Avenue Jean Médecin 06000 Nice',
      name: '8 Avenue Jean Médecin',
      postcode: '06000',
      city: 'Nice',
      citycode: '06088',
      type: 'housenumber',
    },
  },
];

const fold = (text) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname === '/') {
    response.writeHead(200).end('ok');
    return;
  }
  const query = fold(url.searchParams.get('q') ?? '');
  const features = ADDRESSES.filter((address) => query.includes(address.match)).map((address) => ({
    type: 'Feature',
    properties: address.properties,
  }));
  if (url.pathname !== '/search/' || features.length === 0) {
    response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"unavailable"}');
    return;
  }
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ type: 'FeatureCollection', features }));
}).listen(port, '127.0.0.1');
