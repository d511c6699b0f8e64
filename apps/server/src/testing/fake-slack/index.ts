export {
  blockActionBody,
  signSlackRequest,
  startFakeSlack,
  type FakeSlack,
  type FakeSlackCall,
  type FakeSlackMessage,
  type FakeSlackOptions,
  type FakeSlackUser,
} from './fake-slack';
