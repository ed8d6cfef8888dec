/**
 * The words of a report's PDF and email in the reader's language (their `language` preference): column
 * headers, totals, chart titles, the range and the notes. CSV headers stay the spec's field names in both
 * languages, since spreadsheets and scripts read them by name.
 */
import type { Language } from '../../notifications/profile.ts';

export type ReportText = {
  /** PDF column headers by key. */
  columns: Record<
    | 'date'
    | 'mac'
    | 'manufacturer'
    | 'model'
    | 'backupUsage'
    | 'lastUpdated'
    | 'site'
    | 'city'
    | 'state'
    | 'zip'
    | 'online'
    | 'primary'
    | 'backup'
    | 'offline'
    | 'outages'
    | 'failovers'
    | 'wanReceived'
    | 'wanSent'
    | 'availability'
    | 'target'
    | 'met'
    | 'onBackup'
    | 'down'
    | 'timeDown'
    | 'timeOnBackup',
    string
  >;
  /** Totals labels by key (the PDF's boxes and the email's lines). */
  totals: Record<
    | 'backupUsage'
    | 'devices'
    | 'deviceDays'
    | 'reported'
    | 'awaiting'
    | 'online'
    | 'onPrimary'
    | 'onBackup'
    | 'offline'
    | 'outages'
    | 'failovers'
    | 'wanReceived'
    | 'wanSent'
    | 'availability'
    | 'target'
    | 'meetingTarget'
    | 'down',
    string
  >;
  charts: { billing: string; online: string; sla: string };
  yes: string;
  no: string;
  /** "{n} of {total}". */
  of: (n: string, total: string) => string;
  range: (from: string, to: string) => string;
  generated: (at: string) => string;
  noSamples: string;
  noRows: string;
  showingFirst: (shown: string, total: string) => string;
  /** The number format of figures (grouping). */
  locale: string;
  email: {
    subject: (title: string, from: string, to: string) => string;
    intro: (frequency: 'weekly' | 'monthly', title: string, range: string) => string;
    rows: (count: string) => string;
    cut: (limit: string) => string;
    why: string;
  };
};

export const REPORT_TEXT: Record<Language, ReportText> = {
  en: {
    columns: {
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
    },
    totals: {
      backupUsage: 'Backup usage',
      devices: 'Devices',
      deviceDays: 'Device-days',
      reported: 'Reported by the carrier',
      awaiting: 'Awaiting the carrier',
      online: 'Online',
      onPrimary: 'On primary',
      onBackup: 'On backup',
      offline: 'Offline',
      outages: 'Outages',
      failovers: 'Failovers',
      wanReceived: 'WAN received',
      wanSent: 'WAN sent',
      availability: 'Availability',
      target: 'Target',
      meetingTarget: 'Sites meeting target',
      down: 'Down',
    },
    charts: {
      billing: 'Backup usage per day',
      online: 'Offline time per day (% of device time)',
      sla: 'Downtime per day (% of edge device time)',
    },
    yes: 'yes',
    no: 'NO',
    of: (n, total) => `${n} of ${total}`,
    range: (from, to) => `${from} – ${to} (UTC days)`,
    generated: (at) => `Generated ${at}`,
    noSamples: 'No samples in this range.',
    noRows: 'No rows match this range and these filters.',
    showingFirst: (shown, total) =>
      `Showing the first ${shown} of ${total} rows. Export the CSV for all of them.`,
    locale: 'en-US',
    email: {
      subject: (title, from, to) => `vNOC report: ${title}, ${from} to ${to}`,
      intro: (frequency, title, range) =>
        `Your ${frequency} ${title} report for ${range} is attached as CSV and PDF.`,
      rows: (count) => `Rows: ${count}`,
      cut: (limit) => ` (the CSV holds the first ${limit}; export the rest from vNOC)`,
      why: 'You receive this because you subscribed to it in vNOC → Reports. Remove the subscription there to stop it.',
    },
  },
  es: {
    columns: {
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
    },
    totals: {
      backupUsage: 'Uso de respaldo',
      devices: 'Dispositivos',
      deviceDays: 'Días-dispositivo',
      reported: 'Informado por el operador',
      awaiting: 'Pendiente del operador',
      online: 'En línea',
      onPrimary: 'En el enlace principal',
      onBackup: 'En respaldo',
      offline: 'Sin conexión',
      outages: 'Caídas',
      failovers: 'Conmutaciones',
      wanReceived: 'WAN recibido',
      wanSent: 'WAN enviado',
      availability: 'Disponibilidad',
      target: 'Objetivo',
      meetingTarget: 'Sitios que cumplen el objetivo',
      down: 'Caído',
    },
    charts: {
      billing: 'Uso de respaldo por día',
      online: 'Tiempo sin conexión por día (% del tiempo de los dispositivos)',
      sla: 'Tiempo caído por día (% del tiempo de los equipos de borde)',
    },
    yes: 'sí',
    no: 'NO',
    of: (n, total) => `${n} de ${total}`,
    range: (from, to) => `${from} – ${to} (días UTC)`,
    generated: (at) => `Generado el ${at}`,
    noSamples: 'No hay muestras en este intervalo.',
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
  },
};
