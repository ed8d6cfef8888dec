// Loaded with the signed-in layout: Mantine's whole stylesheet, beyond what the entry bundles.
import './sign-in-styles.ts';
import './mantine-console.css';
