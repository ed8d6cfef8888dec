import {
  IconAccessPoint,
  IconAntennaBars1,
  IconAntennaBars2,
  IconAntennaBars3,
  IconAntennaBars4,
  IconAntennaBars5,
  IconAntennaBarsOff,
  IconFirewallFlame,
  IconSignal5g,
  IconSitemap,
} from '@tabler/icons-react';

// The icons the fleet's display rules name (device kinds, signal bars), by their @tabler/icons-react names.
const icons = {
  IconAccessPoint,
  IconAntennaBars1,
  IconAntennaBars2,
  IconAntennaBars3,
  IconAntennaBars4,
  IconAntennaBars5,
  IconAntennaBarsOff,
  IconFirewallFlame,
  IconSignal5g,
  IconSitemap,
} as const;

interface NamedIconProps {
  name: string;
  size?: number;
  title?: string;
}

/** A tabler icon by name (unknown names draw the firewall appliance, the default device icon). */
export function NamedIcon({ name, size = 20, title }: NamedIconProps) {
  const Icon = icons[name as keyof typeof icons] ?? IconFirewallFlame;
  return title ? <Icon size={size} aria-label={title} role="img" /> : <Icon size={size} aria-hidden />;
}
