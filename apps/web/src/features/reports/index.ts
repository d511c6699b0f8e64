export { ReportsPage, type ReportsPageProps } from './components/reports-page';
