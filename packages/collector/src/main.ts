import { startCollector } from './collector';

// <script async src="https://<tidemark>/collector.js" data-key="<site key>"></script>
const script = document.currentScript as HTMLScriptElement | null;
const key = script && script.getAttribute('data-key');
const flag = window as unknown as { __tidemark?: boolean };
if (script && key && !flag.__tidemark) {
  flag.__tidemark = true;
  startCollector(window, {
    key,
    endpoint: script.getAttribute('data-endpoint') || new URL(script.src).origin,
    keepQuery: script.getAttribute('data-keep-query') === 'true',
  });
}
