import foundation from './0001-foundation';
import uniqueWorkspaceNames from './0002-unique-workspace-names';
import jobs from './0003-jobs';
import data from './0004-data';
import insights from './0005-insights';
import insightMoneyForecast from './0006-insight-money-forecast';
import globalFilters from './0007-global-filters';
import events from './0008-events';
import onboarding from './0009-onboarding';
import apiKeys from './0010-api-keys';
import eventGroups from './0011-event-groups';
import settings from './0012-settings';
import storesBilling from './0013-stores-billing';
import outages from './0014-outages';
import experienceReports from './0015-experience-reports';
import notifications from './0016-notifications';
import slackSms from './0017-slack-sms';
import explorer from './0018-explorer';
import rolesJoining from './0019-roles-joining';
import collectorDomains from './0020-collector-domains';
import citusForeignKeys from './0025-citus-foreign-keys';
import metricCurrency from './0021-metric-currency';
import errorFingerprintRekey from './0022-error-fingerprint-rekey';

/** Applied in order, once each; never edit one that has shipped, add the next. */
export const migrations: ReadonlyArray<{ id: string; sql: string }> = [
  { id: '0001-foundation', sql: foundation },
  { id: '0002-unique-workspace-names', sql: uniqueWorkspaceNames },
  { id: '0003-jobs', sql: jobs },
  { id: '0004-data', sql: data },
  { id: '0005-insights', sql: insights },
  { id: '0006-insight-money-forecast', sql: insightMoneyForecast },
  { id: '0007-global-filters', sql: globalFilters },
  { id: '0008-events', sql: events },
  { id: '0009-onboarding', sql: onboarding },
  { id: '0010-api-keys', sql: apiKeys },
  { id: '0011-event-groups', sql: eventGroups },
  { id: '0012-settings', sql: settings },
  { id: '0013-stores-billing', sql: storesBilling },
  { id: '0014-outages', sql: outages },
  { id: '0015-experience-reports', sql: experienceReports },
  { id: '0016-notifications', sql: notifications },
  { id: '0017-slack-sms', sql: slackSms },
  { id: '0018-explorer', sql: explorer },
  { id: '0019-roles-joining', sql: rolesJoining },
  { id: '0020-collector-domains', sql: collectorDomains },
  { id: '0021-metric-currency', sql: metricCurrency },
  { id: '0022-error-fingerprint-rekey', sql: errorFingerprintRekey },
  { id: '0025-citus-foreign-keys', sql: citusForeignKeys },
];
