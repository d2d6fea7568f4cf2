/** Daily consumption files (issue 5, item 1): pure parser of the simple `date;kWh` CSV and the GRDF daily export. */
export * from './csv.ts';
