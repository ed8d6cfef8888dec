import * as icons from './named-icons.ts';

interface NamedIconProps {
  name: string;
  size?: number;
  title?: string;
}

/** A tabler icon by name (unknown names draw the firewall appliance, the default device icon). */
export function NamedIcon({ name, size = 20, title }: NamedIconProps) {
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: the module holds only the named icons, all wanted.
  const Icon = icons[name as keyof typeof icons] ?? icons.IconFirewallFlame;
  return title ? <Icon size={size} aria-label={title} role="img" /> : <Icon size={size} aria-hidden />;
}
