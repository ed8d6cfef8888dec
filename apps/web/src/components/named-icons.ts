// The icons the fleet's display rules name (device kinds, signal bars), by their @tabler/icons-react names:
// NamedIcon looks them up in this module's namespace, so each is listed once and only these are bundled.
export {
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
