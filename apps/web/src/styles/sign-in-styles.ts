// Loaded with what draws beyond /login (the other public screens, the header menus, the dev outbox, the toasts)
// and with the signed-in layout: Mantine's styles that /login's first load leaves out.
import './mantine-sign-in.css';
