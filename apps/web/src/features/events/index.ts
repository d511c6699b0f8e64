export { EventsPage, type EventsPageProps } from './components/events-page';
export { EventGroupDetail, type EventGroupDetailProps } from './components/detail/group-detail';
