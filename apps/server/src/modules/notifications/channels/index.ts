// Each channel registers its sender when imported; the delivery jobs look them up by name.
import './email';
import './slack';
import './sms';
