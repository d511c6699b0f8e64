/** The package ships a JSON list without types: public and ISP mail domains, lower case. */
declare module 'email-providers' {
  const domains: readonly string[];
  export default domains;
}
