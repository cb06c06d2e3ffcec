// The router's entry for /admin/subscription-settings; the screen lives in its feature folder.
export { default } from '../subscription-settings/routes/subscription-settings';
