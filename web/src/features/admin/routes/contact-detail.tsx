// The router's entry for /admin/contact-detail ('Messages'); the screen lives in its feature folder.
export { default } from '../messages/routes/messages';
