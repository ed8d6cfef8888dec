// Loaded with the signed-in layout: Mantine's whole stylesheet, beyond what the entry bundles.
import './mantine-console.css';
