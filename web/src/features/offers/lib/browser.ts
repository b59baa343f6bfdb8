/** Browser navigation the offers pages use (one object, so tests can replace it). */
export const browser = {
  /** Sends the browser to another page (the hosted checkout). */
  assign(url: string) {
    window.location.assign(url);
  },
};
