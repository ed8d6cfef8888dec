/**
 * The words of a report's PDF and email in the reader's language (their `language` preference): column
 * headers, totals, chart titles, the range and the notes. CSV headers stay the spec's field names in both
 * languages, since spreadsheets and scripts read them by name.
 */
import type { Language } from '../../notifications/profile.ts';

const EN = {
  /** The names of the figures and fields: the table's headers and the totals' labels. */
  labels: {
    date: 'Date',
    mac: 'MAC address',
    manufacturer: 'Manufacturer',
    model: 'Model',
    backupUsage: 'Backup usage',
    lastUpdated: 'Last updated',
    site: 'Site',
    city: 'City',
    state: 'State',
    zip: 'Zip',
    online: 'Online',
    primary: 'Primary',
    backup: 'Backup',
    offline: 'Offline',
    outages: 'Outages',
    failovers: 'Failovers',
    wanReceived: 'WAN received',
    wanSent: 'WAN sent',
    availability: 'Availability',
    target: 'Target',
    met: 'Met',
    onBackup: 'On backup',
    down: 'Down',
    timeDown: 'Time down',
    timeOnBackup: 'Time on backup',
    devices: 'Devices',
    deviceDays: 'Device-days',
    reported: 'Reported by the carrier',
    awaiting: 'Awaiting the carrier',
    onPrimary: 'On primary',
    meetingTarget: 'Sites meeting target',
  },
  charts: {
    billing: 'Backup usage per day',
    online: 'Offline time per day (% of device time)',
    sla: 'Availability per day against the target',
  },
  yes: 'yes',
  no: 'NO',
  of: (n: string, total: string) => `${n} of ${total}`,
  range: (from: string, to: string) => `${from} – ${to} (UTC days)`,
  generated: (at: string) => `Generated ${at}`,
  noSamples: 'No samples in this range.',
  target: (value: string) => `Target ${value}`,
  noRows: 'No rows match this range and these filters.',
  showingFirst: (shown: string, total: string) =>
    `Showing the first ${shown} of ${total} rows. Export the CSV for all of them.`,
  locale: 'en-US',
  email: {
    subject: (title: string, from: string, to: string) => `vNOC report: ${title}, ${from} to ${to}`,
    intro: (frequency: 'weekly' | 'monthly', title: string, range: string) =>
      `Your ${frequency} ${title} report for ${range} is attached as CSV and PDF.`,
    rows: (count: string) => `Rows: ${count}`,
    cut: (limit: string) => ` (the CSV holds the first ${limit}; export the rest from vNOC)`,
    why: 'You receive this because you subscribed to it in vNOC → Reports. Remove the subscription there to stop it.',
  },
};

/** The words of one language: the English table's shape, so a missing or extra entry does not compile. */
export type ReportText = typeof EN;

const ES: ReportText = {
  labels: {
    date: 'Fecha',
    mac: 'Dirección MAC',
    manufacturer: 'Fabricante',
    model: 'Modelo',
    backupUsage: 'Uso de respaldo',
    lastUpdated: 'Última actualización',
    site: 'Sitio',
    city: 'Ciudad',
    state: 'Estado',
    zip: 'C. P.',
    online: 'En línea',
    primary: 'Principal',
    backup: 'Respaldo',
    offline: 'Sin conexión',
    outages: 'Caídas',
    failovers: 'Conmutaciones',
    wanReceived: 'WAN recibido',
    wanSent: 'WAN enviado',
    availability: 'Disponibilidad',
    target: 'Objetivo',
    met: 'Cumple',
    onBackup: 'En respaldo',
    down: 'Caído',
    timeDown: 'Tiempo caído',
    timeOnBackup: 'Tiempo en respaldo',
    devices: 'Dispositivos',
    deviceDays: 'Días-dispositivo',
    reported: 'Informado por el operador',
    awaiting: 'Pendiente del operador',
    onPrimary: 'En el enlace principal',
    meetingTarget: 'Sitios que cumplen el objetivo',
  },
  charts: {
    billing: 'Uso de respaldo por día',
    online: 'Tiempo sin conexión por día (% del tiempo de los dispositivos)',
    sla: 'Disponibilidad por día frente al objetivo',
  },
  yes: 'sí',
  no: 'NO',
  of: (n, total) => `${n} de ${total}`,
  range: (from, to) => `${from} – ${to} (días UTC)`,
  generated: (at) => `Generado el ${at}`,
  noSamples: 'No hay muestras en este intervalo.',
  target: (value) => `Objetivo ${value}`,
  noRows: 'Ninguna fila coincide con este intervalo y estos filtros.',
  showingFirst: (shown, total) =>
    `Se muestran las primeras ${shown} de ${total} filas. Exporte el CSV para verlas todas.`,
  locale: 'es-ES',
  email: {
    subject: (title, from, to) => `Informe de vNOC: ${title}, del ${from} al ${to}`,
    intro: (frequency, title, range) =>
      `Se adjunta en CSV y PDF su informe ${frequency === 'weekly' ? 'semanal' : 'mensual'} «${title}» del ${range}.`,
    rows: (count) => `Filas: ${count}`,
    cut: (limit) => ` (el CSV contiene las primeras ${limit}; exporte el resto desde vNOC)`,
    why: 'Recibe este correo porque se suscribió en vNOC → Informes. Elimine la suscripción allí para dejar de recibirlo.',
  },
};

export const REPORT_TEXT: Record<Language, ReportText> = { en: EN, es: ES };
