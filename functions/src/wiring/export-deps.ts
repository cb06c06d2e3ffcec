/** The sources the admin CSV export reads. */
export { dynamoExportSources } from '../data/export-store.js';
