package clovercheckouttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// RefundsPath is the Ecommerce API's Create a refund endpoint; GET RefundsPath/{id} reads one.
const RefundsPath = "/v1/refunds"

// CreateRefund is the body of a refund request, as Clover documents it: the charge, and the
// amount in cents (the whole charge's remainder when left out).
type CreateRefund struct {
	Charge string `json:"charge"`
	Amount *int64 `json:"amount,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Refund is a refund the fake made, as its answer shows it.
type Refund struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Amount  int64  `json:"amount"`
	Charge  string `json:"charge"`
	Created int64  `json:"created"`
	Status  string `json:"status"`
}

type charge struct {
	amount, refunded int64
}

// saved is the first answer to an idempotency key: what it asked and what it got.
type saved struct {
	charge string
	amount int64 // 0: the whole remainder
	status int
	body   []byte
}

type ecommerce struct {
	charges map[string]*charge
	refunds []Refund // in the order they were made
	keys    map[string]saved
	refuse  *refusal
	replays int
}

type refusal struct {
	status        int
	code, message string
}

func (e *ecommerce) init() {
	if e.charges == nil {
		e.charges, e.keys = map[string]*charge{}, map[string]saved{}
	}
}

// AddCharge makes a payment of amount cents the fake can refund: what a hosted-checkout payment
// with that id (its webhook's "id") took.
func (s *Server) AddCharge(id string, amount int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ecom.init()
	s.ecom.charges[id] = &charge{amount: amount}
}

// Refunded is how much of a charge the fake has given back.
func (s *Server) Refunded(id string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.ecom.charges[id]; c != nil {
		return c.refunded
	}
	return 0
}

// Refunds returns the refunds the fake made (a replayed answer makes none), in order.
func (s *Server) Refunds() []Refund {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Refund(nil), s.ecom.refunds...)
}

// Replays counts the refund requests answered from an idempotency key's first answer.
func (s *Server) Replays() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ecom.replays
}

// RefuseRefunds makes every new refund request answer status with the Ecommerce API's error body
// {"message", "error": {"type", "code", "message"}}; the refusal is the request's answer, saved
// under its key. An empty code ends the refusal.
func (s *Server) RefuseRefunds(status int, code, message string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if code == "" {
		s.ecom.refuse = nil
		return
	}
	s.ecom.refuse = &refusal{status, code, message}
}

// SettleRefund changes the status of a refund answered pending (GET shows the new one).
func (s *Server) SettleRefund(id, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.ecom.refunds {
		if s.ecom.refunds[i].ID == id {
			s.ecom.refunds[i].Status = status
		}
	}
}

func ecomError(status int, typ, code, message string) []byte {
	b, _ := json.Marshal(map[string]any{
		"message": fmt.Sprintf("%d %s", status, http.StatusText(status)),
		"error":   map[string]string{"type": typ, "code": code, "message": message},
	})
	return b
}

// refunds answers the Ecommerce API's refund calls; s.mu is held.
func (s *Server) refunds(w http.ResponseWriter, r *http.Request, raw []byte) {
	s.ecom.init()
	tok, hasBearer := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !hasBearer || tok == "" || (s.AccessToken != "" && tok != s.AccessToken) {
		writeJSON(w, http.StatusUnauthorized, `{"message":"401 Unauthorized"}`)
		return
	}
	if r.Method == http.MethodGet {
		id := strings.TrimPrefix(r.URL.Path, RefundsPath+"/")
		for _, rf := range s.ecom.refunds {
			if rf.ID == id {
				b, _ := json.Marshal(rf)
				writeJSON(w, http.StatusOK, string(b))
				return
			}
		}
		writeJSON(w, http.StatusNotFound, string(ecomError(http.StatusNotFound, "invalid_request_error", "resource_missing", "No such refund: "+id)))
		return
	}
	if r.URL.Path != RefundsPath {
		writeJSON(w, http.StatusNotFound, `{"message":"Not Found"}`)
		return
	}
	key := r.Header.Get("Idempotency-Key")
	if key == "" { // Clover: a required header of every payment transaction
		writeJSON(w, http.StatusBadRequest, string(ecomError(http.StatusBadRequest, "invalid_request_error", "missing_idempotency_key", "Idempotency-Key header is required")))
		return
	}
	var body CreateRefund
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&body); err != nil {
		writeJSON(w, http.StatusBadRequest, string(ecomError(http.StatusBadRequest, "invalid_request_error", "invalid_request", "Malformed request body")))
		return
	}
	var amount int64
	if body.Amount != nil {
		amount = *body.Amount
	}
	if prev, ok := s.ecom.keys[key]; ok {
		if prev.charge != body.Charge || prev.amount != amount {
			writeJSON(w, http.StatusBadRequest, string(ecomError(http.StatusBadRequest, "idempotency_error", "",
				"Keys for idempotent requests can only be used with the same parameters they were first used with.")))
			return
		}
		s.ecom.replays++
		w.Header().Set("Idempotent-Replayed", "true")
		writeJSON(w, prev.status, string(prev.body))
		return
	}
	status, answer := s.makeRefund(body.Charge, body.Amount)
	s.ecom.keys[key] = saved{charge: body.Charge, amount: amount, status: status, body: answer}
	writeJSON(w, status, string(answer))
}

// makeRefund applies Clover's rules to a new refund and makes it.
func (s *Server) makeRefund(chargeID string, amount *int64) (int, []byte) {
	c := s.ecom.charges[chargeID]
	switch {
	case chargeID == "":
		return http.StatusBadRequest, ecomError(http.StatusBadRequest, "invalid_request_error", "missing_charge", "charge is required")
	case c == nil:
		return http.StatusNotFound, ecomError(http.StatusNotFound, "invalid_request_error", "resource_missing", "No such charge: "+chargeID)
	case amount != nil && *amount <= 0:
		return http.StatusBadRequest, ecomError(http.StatusBadRequest, "invalid_request_error", "invalid_amount", "amount must be a positive integer")
	case c.refunded >= c.amount:
		return http.StatusBadRequest, ecomError(http.StatusBadRequest, "invalid_request_error", "charge_already_refunded", "The charge has already been refunded.")
	case amount != nil && *amount > c.amount-c.refunded:
		return http.StatusBadRequest, ecomError(http.StatusBadRequest, "invalid_request_error", "amount_too_large",
			fmt.Sprintf("Refund amount (%d) is greater than the unrefunded amount of the charge (%d).", *amount, c.amount-c.refunded))
	case s.ecom.refuse != nil:
		f := s.ecom.refuse
		return f.status, ecomError(f.status, "invalid_request_error", f.code, f.message)
	}
	n := c.amount - c.refunded
	if amount != nil {
		n = *amount
	}
	status := s.RefundStatus
	if status == "" {
		status = "succeeded"
	}
	if status != "failed" {
		c.refunded += n
	}
	rf := Refund{ID: strings.ToUpper(strings.ReplaceAll(newID(), "-", "")[:13]), Object: "refund", Amount: n, Charge: chargeID,
		Created: s.Now().UnixMilli(), Status: status}
	s.ecom.refunds = append(s.ecom.refunds, rf)
	b, _ := json.Marshal(rf)
	return http.StatusOK, b
}
