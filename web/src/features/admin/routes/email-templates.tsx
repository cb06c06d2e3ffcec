// The router's entry for /admin/email-templates; the screen lives in its feature folder.
export { default } from '../email-templates/routes/email-templates';
