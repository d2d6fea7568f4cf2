#!/usr/bin/env node
// Converts GRDF's / the GTG's official point tables (xlsx) into the versioned data files shipped with the server
// (apps/server/reference-tables/, ADR 0051), and writes their provenance (publisher, version, SHA-256 of the
// original file, where the copy came from). Run it again on a newer version of a file to produce the new data
// files; then commit them, or import the PITD table through the admin panel (« Données tarifaires »).
//
//   node scripts/convert-point-tables.mjs \
//     --pitd "Table PITD version 2026-02-20.xlsx" [--pitd-container "Table des PITD par commune de Mars 2026.zip"] \
//     --capacites Table_capacites_normalisees_avril26_mars27.xlsx \
//     --deliberation-2026-15 260220_2026-15_ATRD7_ELD.pdf \
//     --copy-repository promeosenergies-svg/promeos-poc --copy-commit <sha> \
//     [--pitd-copy-path <path in that repository>] [--capacites-copy-path …] [--deliberation-copy-path …] \
//     [--out apps/server/reference-tables] [--import-csv pitd-import.csv]
//
// Only the values are kept, as UTF-8 `;` CSV: the xlsx document properties carry the names of GRDF staff and the
// contact columns hold e-mail addresses, neither of which is needed. Traps handled (docs/tariff-sources.md):
// INSEE codes stored as numbers (leading zero lost: padded to 5), NTR values written `n(*)` (two NTR for one
// PITD: both rows kept, flagged `ntr_renvoi`), station names spelled differently in the two files (joined on
// the 8-digit Météo-France code; a code absent from the PITD table is matched by name and the correction
// recorded).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function args() {
  const out = {};
  const list = process.argv.slice(2);
  for (let i = 0; i < list.length; i += 2) {
    const key = list[i];
    const value = list[i + 1];
    if (!key?.startsWith('--') || value === undefined) {
      throw new Error(`Argument inattendu : ${key ?? ''}`);
    }
    out[key.slice(2)] = value;
  }
  for (const required of ['pitd', 'capacites']) {
    if (!out[required]) {
      throw new Error(`--${required} <fichier> est obligatoire.`);
    }
  }
  return out;
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

function fileInfo(file) {
  const bytes = readFileSync(file);
  return { name: path.basename(file), bytes: bytes.length, sha256: sha256(bytes) };
}

/** A CSV field: `;`, quotes and line breaks quoted. */
function field(value) {
  if (value === null || value === undefined) {
    return '';
  }
  const text = String(value);
  return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function toCsv(header, rows) {
  return `${[header, ...rows].map((row) => row.map(field).join(';')).join('\n')}\n`;
}

const clean = (value) =>
  value === null || value === undefined
    ? ''
    : String(value)
        .replace(/\s+/g, ' ')
        .replace(/\(\*\)/g, '')
        .trim();

/** INSEE code: numbers lost their leading zero (départements 01–09); Corsica's 2A/2B codes are text. */
function insee(value) {
  if (value === null || value === undefined || value === '') {
    return '';
  }
  const text = String(value).trim().toUpperCase();
  if (/^\d{1,5}$/.test(text)) {
    return text.padStart(5, '0');
  }
  if (/^2[AB]\d{3}$/.test(text)) {
    return text;
  }
  throw new Error(`Code INSEE illisible : « ${text} »`);
}

/** 8-digit Météo-France station number (stored as a number: NICE 06088001 lost its zero). */
const stationCode = (value) => String(value).trim().padStart(8, '0');

const TSO = { GDFT: 'NaTran', NATRAN: 'NaTran', TIGF: 'Teréga', TEREGA: 'Teréga' };

function sheetRows(workbook, predicate) {
  const name = workbook.SheetNames.find(predicate);
  if (!name) {
    throw new Error(`Feuille introuvable parmi : ${workbook.SheetNames.join(', ')}`);
  }
  return { name, rows: XLSX.utils.sheet_to_json(workbook.Sheets[name], { header: 1, raw: true, defval: null }) };
}

function readPitd(file) {
  const workbook = XLSX.read(readFileSync(file), { type: 'buffer' });
  const info = sheetRows(workbook, (n) => n === 'Informations')
    .rows.flat()
    .filter(Boolean)
    .map(String);
  const versionLine = info.find((line) => /Version du \d{4}-\d{2}-\d{2}/.test(line)) ?? '';
  const version = /Version du (\d{4}-\d{2}-\d{2})/.exec(versionLine)?.[1];
  if (!version) {
    throw new Error('Version de la table des PITD introuvable (feuille « Informations »).');
  }
  const main = sheetRows(workbook, (n) => n.startsWith('Table des PITD'));
  const header = (main.rows[3] ?? []).map(clean);
  if (header[3] !== 'Code Insee' || header[8] !== 'Code' || !header[23]?.includes('NTR')) {
    throw new Error(`Colonnes inattendues dans « ${main.name} » : ${header.join(' | ')}`);
  }
  const stations = new Map();
  const footnotes = new Set();
  const rows = [];
  for (const raw of main.rows.slice(6)) {
    if (!raw.some((v) => v !== null && v !== '')) {
      continue;
    }
    const ntrText = String(raw[23]).trim();
    const ntrMatch = /^(\d{1,2})(\(\*\))?$/.exec(ntrText);
    if (!ntrMatch) {
      throw new Error(`NTR illisible : « ${ntrText} » (commune ${raw[3]})`);
    }
    if (ntrMatch[2]) {
      // The footnote of a doubled NTR (e.g. DX0001 DREUX NTR=0 / NTR=2), kept once in the provenance.
      footnotes.add(clean(raw[28]));
    }
    const perequation = typeof raw[7] === 'number' ? String(raw[7]) : clean(raw[7]);
    if (!/^(P|NP|\d+(\.\d+)?)$/.test(perequation)) {
      throw new Error(`Péréquation illisible : « ${raw[7]} » (commune ${raw[3]})`);
    }
    const code = stationCode(raw[10]);
    stations.set(code, clean(raw[11]));
    const tso = TSO[clean(raw[19]).toUpperCase()] ?? TSO[clean(raw[20]).toUpperCase()];
    if (!tso) {
      throw new Error(`GRT inconnu : « ${raw[19]} / ${raw[20]} »`);
    }
    rows.push([
      insee(raw[3]),
      clean(raw[4]),
      insee(raw[1]),
      clean(raw[2]),
      clean(raw[5]).startsWith('2') ? '2' : '1',
      String(raw[6]),
      perequation,
      clean(raw[8]),
      clean(raw[9]),
      code,
      clean(raw[11]),
      clean(raw[12]),
      clean(raw[13]),
      clean(raw[14]),
      clean(raw[16]),
      clean(raw[17]),
      tso,
      raw[21] === null ? '' : String(raw[21]),
      clean(raw[22]),
      ntrMatch[1],
      ntrMatch[2] ? '1' : '0',
      clean(raw[24]),
    ]);
  }
  rows.sort((a, b) => (a[0] + a[7] + a[8] < b[0] + b[7] + b[8] ? -1 : 1));
  return { version, versionLine: versionLine.trim(), sheet: main.name, rows, stations, footnotes: [...footnotes] };
}

const PITD_HEADER = [
  'commune_insee',
  'commune',
  'commune_absorbante_insee',
  'commune_absorbante',
  'rang_grd',
  'coefficient_tp',
  'perequation',
  'code_pitd',
  'libelle',
  'station_code',
  'station_meteo',
  'zone_climatique',
  'grd_code',
  'grd',
  'grd_rang2_code',
  'grd_rang2',
  'gestionnaire_transport',
  'postes_livraison',
  'nature_gaz',
  'ntr',
  'ntr_renvoi',
  'zone_sortie',
];

function readCapacites(file, stations) {
  const workbook = XLSX.read(readFileSync(file), { type: 'buffer' });
  const zi = sheetRows(workbook, (n) => n === 'Zi').rows;
  const period = String(zi[0]?.[0] ?? '').trim();
  const header = (zi[2] ?? []).map(clean);
  if (header[1] !== 'Station Météo' || header[2] !== 'Code' || header[3] !== 'P011' || header[11] !== 'P019') {
    throw new Error(`Colonnes inattendues dans « Zi » : ${header.join(' | ')}`);
  }
  const byName = new Map([...stations].map(([code, name]) => [name.replace(/[^A-Z]/g, ''), code]));
  const corrections = [];
  const rows = [];
  for (const raw of zi.slice(3)) {
    if (!raw[1]) {
      continue;
    }
    let code = stationCode(raw[2]);
    const name = clean(raw[1]);
    if (!stations.has(code)) {
      const matched = byName.get(name.replace(/[^A-Z]/g, ''));
      if (!matched) {
        throw new Error(`Station ${name} (${code}) absente de la table des PITD.`);
      }
      corrections.push(
        `Station « ${name} » : code ${code} dans la table Zi, ${matched} dans la table des PITD ; rattachée par son nom au code ${matched}.`,
      );
      code = matched;
    }
    header.slice(3, 12).forEach((profil, index) => {
      rows.push([code, stations.get(code), clean(raw[0]), profil, String(raw[3 + index])]);
    });
  }
  rows.sort((a, b) => (a[0] + a[3] < b[0] + b[3] ? -1 : 1));
  const table = (sheet, columns) =>
    sheetRows(workbook, (n) => n === sheet)
      .rows.slice(3)
      .filter((r) => r[0] && typeof r[5] === 'number')
      .map((r) => columns.map((c) => (c === 5 ? String(r[5]) : clean(r[c]))));
  return {
    period,
    zi: rows,
    a: table('A', [0, 1, 2, 4, 5]),
    p: table('P', [0, 1, 2, 3, 4, 5]),
    corrections,
  };
}

/**
 * The 24 distributors of délib. CRE n° 2026-15 of 20 February 2026, §1.2 (p. 11), with their delivery points in
 * 2024, joined to the codes of the PITD table's « Codification » sheet (GRD code, PITD prefix, name in that table).
 */
const DISTRIBUTORS_2026_15 = [
  ['GRDF', 'GRDF', '', 'GRDF', 'GD', 'GRDF'],
  ['Régaz-Bordeaux', 'spécifique', '224064', 'GDBX', 'BX', 'REGAZ BORDEAUX'],
  ['R-GDS', 'spécifique', '102289', 'STBG', 'SB', 'R-GDS'],
  ['GreenAlp', 'spécifique', '36196', 'GRNB', 'GR', 'GreenAlp'],
  ['Vialis', 'spécifique', '29460', 'CLMR', 'CR', 'Vialis'],
  ['Gedia', 'spécifique', '12675', 'DREU', 'DX', 'SEML Gedia'],
  ['Barr Energies', 'spécifique', '12473', 'BARR', 'BA', 'Barr énergies'],
  ['Caléo', 'spécifique', '10746', 'GBWR', 'GW', 'CALEO'],
  ['Sorégies', 'spécifique', '8365', 'VNNE', 'VN', 'Soregies'],
  ['Trois Frontières Distribution Gaz', 'spécifique', '7774', 'HUNG', 'HN', 'Trois Frontières Distribution Gaz'],
  ['Energis - Régie de Saint-Avold', 'commun', '6450', 'SAVD', 'AV', 'Energis'],
  ['Énergies Services Occitans - Régie de Carmaux', 'commun', '5778', 'CRMX', 'CX', 'Oya Energies'],
  ['Gascogne Energies Services', 'commun', '2871', 'ASAD', 'AA', "Gascogne Energies Services (GES - Aire sur l'Adour)"],
  ['Énergies Services Lannemezan', 'commun', '2554', 'LNMZ', 'LZ', 'ENERGIES SERVICES LANNEMEZAN'],
  [
    'Régie Municipale Gaz et Electricité de Bonneville',
    'commun',
    '2382',
    'BNVL',
    'BV',
    'Régie Gaz Electricité de Bonneville',
  ],
  ['Gazélec de Péronne', 'commun', '2244', 'PRON', 'PR', 'Gazelec de Péronne'],
  [
    "Régies Municipales d'Electricité, de Gaz, d'Eau et d'Assainissement de Bazas",
    'commun',
    '1653',
    'BAZS',
    'BZ',
    'Régie Du Gaz De Bazas',
  ],
  ['Régie Municipale Multiservices de La Réole', 'commun', '1610', 'LROL', 'LR', 'Régie municipale de La Réole'],
  [
    'Régie Municipale Gaz et Electricité de Sallanches',
    'commun',
    '1577',
    'SLCH',
    'SL',
    'Régie Gaz Electricite De Sallanches',
  ],
  ['Énergies Services Lavaur', 'commun', '1167', 'LAVA', 'LV', "Régie municipale d'énergie de Lavaur"],
  [
    'Synelva',
    'commun',
    '277',
    'LUCE',
    'LC',
    "Régie Intercommunale d'Energies et de Services du Syndicat Electrique Du Pays Chartrain",
  ],
  ['Antargaz', 'nouvel entrant', '', 'AZGN', 'AZ', 'Antargaz'],
  ['SICAE de la Somme et du Cambraisis', 'nouvel entrant', '', 'SSC', 'SS', 'SICAE de la Somme et du Cambrésis'],
  ['Séolis', 'nouvel entrant', '', 'SEOL', 'SE', 'SEOLIS'],
];

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** « Période du 1er avril 2026 au 31 mars 2027 » → 2026-04-01. */
function periodStart(period) {
  const match = /du (\d{1,2})(?:er)? (\p{L}+) (\d{4})/u.exec(period);
  const month = match ? MONTHS.indexOf(match[2].toLowerCase()) + 1 : 0;
  if (!match || month === 0) {
    throw new Error(`Période illisible : « ${period} »`);
  }
  return `${match[3]}-${String(month).padStart(2, '0')}-${match[1].padStart(2, '0')}`;
}

const options = args();
const outDir = path.resolve(root, options.out ?? 'apps/server/reference-tables');
mkdirSync(outDir, { recursive: true });
const copy = {
  repository: options['copy-repository'] ?? '',
  commit: options['copy-commit'] ?? '',
};

const pitd = readPitd(options.pitd);
const capacites = readCapacites(options.capacites, pitd.stations);
const pitdSource = {
  ...fileInfo(options.pitd),
  ...(options['pitd-container'] ? { container: fileInfo(options['pitd-container']) } : {}),
  copyPath: options['pitd-copy-path'] ?? '',
};
const capacitesStart = periodStart(capacites.period);
const capacitesSource = { ...fileInfo(options.capacites), copyPath: options['capacites-copy-path'] ?? '' };

const files = [
  {
    file: `pitd-${pitd.version}.csv`,
    table: 'pitd',
    csv: toCsv(PITD_HEADER, pitd.rows),
    rows: pitd.rows.length,
    title: 'Table des PITD',
    publisher: 'GRDF',
    version: pitd.version,
    validity: `Version du ${pitd.version} (${pitd.versionLine})`,
    source: pitdSource,
    sheet: pitd.sheet,
    notes: {
      ntrRenvoi: pitd.footnotes[0] ?? '',
      conversions:
        'Valeurs seules, sans les contacts ni le prix de sortie (TCS) ; codes INSEE complétés à 5 caractères ; NTR « n(*) » écrit n avec ntr_renvoi = 1 ; GRD de rang 2 sans « (*) ».',
    },
    attribution: `Source : GRDF, Table des PITD du ${pitd.version.split('-').reverse().join('/')}, publiée sur le site de concertation gaz de la CRE (GTG 2007).`,
  },
  {
    file: `zi-${capacitesStart}.csv`,
    table: 'zi',
    csv: toCsv(['station_code', 'station_meteo', 'zone_climatique', 'profil', 'zi'], capacites.zi),
    rows: capacites.zi.length,
    title: 'Table des capacités normalisées — Zi',
    publisher: 'GTG 2007 (GRT et GRD)',
    version: capacitesStart,
    validity: capacites.period,
    source: capacitesSource,
    sheet: 'Zi',
    notes: { corrections: capacites.corrections.join(' ') },
    attribution: `Source : GTG 2007, Table des capacités normalisées (${capacites.period.replace(/^Période/, 'période')}), feuille Zi.`,
  },
  {
    file: `coefficients-a-${capacitesStart}.csv`,
    table: 'a',
    csv: toCsv(['grt', 'grd', 'code_grd', 'type_gaz', 'a'], capacites.a),
    rows: capacites.a.length,
    title: 'Table des capacités normalisées — coefficients A',
    publisher: 'GTG 2007 (GRT et GRD)',
    version: capacitesStart,
    validity: capacites.period,
    source: capacitesSource,
    sheet: 'A',
    notes: { check: 'Valeurs identiques à la délibération CRE n° 2026-49.' },
    attribution: `Source : GTG 2007, Table des capacités normalisées (${capacites.period.replace(/^Période/, 'période')}), feuille A ; délibération CRE n° 2026-49.`,
  },
  {
    file: `coefficients-p-${capacitesStart}.csv`,
    table: 'p',
    csv: toCsv(['stockeur', 'grd', 'code_grd', 'zone_equilibrage', 'type_gaz', 'p'], capacites.p),
    rows: capacites.p.length,
    title: 'Table des capacités normalisées — coefficients p',
    publisher: 'GTG 2007 (GRT et GRD)',
    version: capacitesStart,
    validity: capacites.period,
    source: capacitesSource,
    sheet: 'P',
    notes: { use: 'Arrêté du 16 juin 2014 (pointe de froid au risque 2 %) ; non utilisé par le simulateur.' },
    attribution: `Source : GTG 2007, Table des capacités normalisées (${capacites.period.replace(/^Période/, 'période')}), feuille P.`,
  },
  {
    file: 'distributeurs-2026-02-20.csv',
    table: 'distributors',
    csv: toCsv(
      ['nom', 'tarif_2024', 'points_livraison_2024', 'code_grd', 'prefixe_pitd', 'nom_table_pitd'],
      DISTRIBUTORS_2026_15,
    ),
    rows: DISTRIBUTORS_2026_15.length,
    title: 'Gestionnaires de réseau de distribution de gaz naturel',
    publisher: 'CRE',
    version: '2026-02-20',
    validity: 'Délibération du 20 février 2026 (§1.2)',
    source: options['deliberation-2026-15']
      ? { ...fileInfo(options['deliberation-2026-15']), copyPath: options['deliberation-copy-path'] ?? '' }
      : { name: '260220_2026-15_ATRD7_ELD.pdf' },
    sheet: '§1.2, p. 11',
    notes: {
      codes: 'Codes GRD et préfixes PITD : feuille « Codification » de la Table des PITD.',
    },
    attribution:
      'Source : délibération CRE n° 2026-15 du 20 février 2026, §1.2 ; codes : GRDF, Table des PITD, feuille « Codification ».',
  },
];

const manifest = {
  description:
    'Tables officielles livrées avec le produit (ADR 0051), converties par scripts/convert-point-tables.mjs sans changer les valeurs.',
  licence:
    "Aucune licence n'est indiquée dans les fichiers GRDF / GTG : réutilisation au titre des informations publiques (CRPA, art. L. 321-1 et suivants), sans altération, avec la source et la date de mise à jour ; à confirmer auprès de GRDF ou de la CRE avant un lancement commercial.",
  copy: {
    ...copy,
    note: "Copie exacte des fichiers de l'opérateur trouvée dans ce dépôt public (sans licence : il ne sert qu'à atteindre les fichiers ; les droits sont ceux de l'éditeur d'origine).",
  },
  files: files.map(({ csv, ...entry }) => ({ ...entry, sha256: sha256(csv) })),
};

for (const entry of files) {
  writeFileSync(path.join(outDir, entry.file), entry.csv);
}
writeFileSync(path.join(outDir, 'provenance.json'), `${JSON.stringify(manifest, null, 2)}\n`);
for (const entry of files) {
  console.log(`${entry.file}: ${entry.rows} ligne(s)`);
}

// `--import-csv <file>`: the PITD table in the admin import format (`code_pitd;libelle;commune_insee;commune;
// gestionnaire_transport;gestionnaire_distribution;ntr;station_meteo`, « Données tarifaires » or `tariffs:import pitd`),
// to load a newer version without a release. The importer checks every INSEE code and name against the Code officiel
// géographique (@etalab/decoupage-administratif): a commune the COG names differently takes the COG's name; a former
// commune the COG no longer knows is written under its commune absorbante (one row per PITD × commune), else left
// out. That format has one NTR per PITD × commune: of a doubled NTR « (*) » only the first row is kept, and the NIV,
// rank and TP coefficient are not carried. Each adjustment is counted on the console.
if (options['import-csv']) {
  const require = createRequire(path.join(root, 'apps/server/package.json'));
  const cog = JSON.parse(readFileSync(require.resolve('@etalab/decoupage-administratif/data/communes.json'), 'utf8'));
  const fold = (name) =>
    name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const namesOf = new Map();
  for (const record of cog) {
    namesOf.set(record.code, [...(namesOf.get(record.code) ?? []), record.nom]);
  }
  const seen = new Set();
  const doubled = new Set();
  const counts = { renamed: 0, absorbed: 0, dropped: [] };
  const rows = [];
  for (const row of pitd.rows) {
    const [insee, commune, absorbanteInsee, , , , , code, libelle, , station, , , grd, , grd2, tso, , , ntr, renvoi] =
      row;
    let targetInsee = insee;
    let targetName = commune;
    const names = namesOf.get(insee);
    if (names) {
      if (!names.some((name) => fold(name) === fold(commune))) {
        targetName = names[0];
        counts.renamed += 1;
      }
    } else if (absorbanteInsee && namesOf.has(absorbanteInsee)) {
      targetInsee = absorbanteInsee;
      targetName = namesOf.get(absorbanteInsee)[0];
      counts.absorbed += 1;
    } else {
      counts.dropped.push(`${insee} ${commune}`);
      continue;
    }
    const key = `${code}|${targetInsee}`;
    if (seen.has(key)) {
      if (renvoi === '1') {
        doubled.add(code);
      }
      continue;
    }
    seen.add(key);
    rows.push([code, libelle.replace(/\s*NTR=\d+$/, ''), targetInsee, targetName, tso, grd2 || grd, ntr, station]);
  }
  const header = [
    'code_pitd',
    'libelle',
    'commune_insee',
    'commune',
    'gestionnaire_transport',
    'gestionnaire_distribution',
    'ntr',
    'station_meteo',
  ];
  writeFileSync(path.resolve(options['import-csv']), toCsv(header, rows));
  console.log(`${options['import-csv']}: ${rows.length} ligne(s) au format d’import`);
  console.log(
    `Noms repris du COG : ${counts.renamed} ; anciennes communes rattachées à leur commune absorbante : ${counts.absorbed}`,
  );
  if (counts.dropped.length > 0) {
    console.log(`Inconnues du COG, laissées de côté : ${counts.dropped.join(', ')}`);
  }
  if (doubled.size > 0) {
    console.log(`NTR doubles « (*) » réduits à la première valeur : ${[...doubled].join(', ')}`);
  }
}
