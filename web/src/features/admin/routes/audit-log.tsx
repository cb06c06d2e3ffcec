// The router's entry for /admin/audit-log; the screen lives in its feature folder.
export { default } from '../audit-log/routes/audit-log';
