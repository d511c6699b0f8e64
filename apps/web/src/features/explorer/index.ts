export { ExplorerFrame, type ExplorerFrameProps } from './components/explorer-frame';
export { ExplorerPage, type ExplorerPageProps } from './components/explorer-page';
export { ExplorerTokenProvider, tokenFromHash } from './api/explorer-token';
