// The router's entry for /admin/subscription-history; the screen lives in its feature folder.
export { default } from '../subscription-history/routes/subscription-history';
