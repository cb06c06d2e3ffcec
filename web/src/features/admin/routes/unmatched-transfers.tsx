// The router's entry for /admin/unmatched-transfers; the screen lives in its feature folder.
export { default } from '../unmatched-transfers/routes/unmatched-transfers';
