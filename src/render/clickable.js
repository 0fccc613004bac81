// The page's side of a clickable board. It applies clicks, looks up the computer's reply and
// the result in the table the crate made, and redraws; it decides nothing itself.
// clickable.rs fills in the board's element id, the table (base-36 board code to an entry) and
// the look (what each free square shows, whether the game speaks of Pick 15's numbers and draws
// taken numbers as cards, the learner's mark, who the computer is, the sentences for its
// faults, the palette's colours and the sizes in pixels); these comment lines are left out of
// the page.
(function(){
var root=document.getElementById("__ID__");if(!root||root.getAttribute("data-live"))return;
root.setAttribute("data-live","1");
var T=__TABLE__,L=__LOOK__,YOU=L.you,P=[1,3,9,27,81,243,729,2187,6561],MARK=["","X","O"],NAME=L.labels;
var cells=[],i;for(i=1;i<=9;i++){cells.push(root.querySelector('[data-sq="'+i+'"]'));}
var status=root.querySelector('[data-role="status"]');
var note=root.querySelector('[data-role="static-note"]');if(note)note.style.display="none";
root.querySelector('[data-role="controls"]').style.display="block";
var hintButton=root.querySelector('[data-role="hint"]');
var marks,code,busy,hint=false,said="";
function delay(){return (typeof window.MTT_DELAY_MS==="number")?window.MTT_DELAY_MS:350;}
function entry(){return T[code.toString(36)]||"";}
function turn(){var x=0,o=0;for(var k=0;k<9;k++){if(marks[k]==1)x++;if(marks[k]==2)o++;}return x==o?1:2;}
function put(k){marks[k]=turn();code+=P[k]*marks[k];}
function text(size,colour,weight,words){return '<div style="font-size:'+size+'px;font-weight:'+weight+';color:'+colour+'">'+words+'</div>';}
function draw(){
 var e=entry(),line=(e[0]=="x"||e[0]=="o")?e.slice(1):"";
 for(var k=0;k<9;k++){var c=cells[k],m=marks[k],bg=L.cell,html;
  if(m&&L.cards){html=text(L.markPx,L.marks[m],800,NAME[k])+text(L.hintPx,L.marks[m],700,m==YOU?"yours":"its");}
  else if(m&&L.numbers){html=text(L.hintPx,L.digit,700,NAME[k])+text(L.hintPx*2,L.marks[m],800,MARK[m]);}
  else if(m){html=text(L.markPx,L.marks[m],800,MARK[m]);}
  else if(hint&&e[0]=="h"&&e[1+2*k]!="."){var h=L.hint[e[1+2*k]];bg=h[0];html=text(L.hintPx,h[1],700,h[2]+' '+e[2+2*k]);}
  else{html=text(L.digitPx,L.digit,400,NAME[k]);}
  if(line.indexOf(String(k+1))>=0)bg=L.line;
  c.style.background=bg;c.style.cursor=(!m&&e[0]=="h"&&!busy)?"pointer":"default";c.innerHTML=html;}
 var state=busy?"thinking":(e[0]=="h"?"your-turn":"over");root.setAttribute("data-state",state);
 var words=said;
 if(e[0]=="x"||e[0]=="o"){var w=e[0]=="x"?1:2,won=e.slice(1).split("").map(function(d){return NAME[+d-1];});
  words+=(w==YOU?"You win":"The computer wins")+(L.numbers?" with "+won[0]+", "+won[1]+" and "+won[2]+": 15.":" with "+won.join("-")+".");}
 else if(e[0]=="d"){words+="A draw.";}
 else if(e[0]=="f"){words+="The computer forfeits, so you win: "+L.faults[+e.slice(1)]+".";}
 else if(e[0]=="h"){words+=L.cards?"Your pick: click a number.":"Your move ("+MARK[YOU]+"): click a free "+(L.numbers?"number.":"square.");}
 else if(busy){words+="The computer is thinking...";}
 status.textContent=words;root.setAttribute("data-code",String(code));}
function advance(){var e=entry();
 if(e[0]=="m"){busy=true;draw();setTimeout(function(){put(+e[1]-1);said="The computer took "+(L.numbers?"":"square ")+NAME[+e[1]-1]+". ";busy=false;draw();},delay());}
 else{draw();}}
function click(k){if(busy||marks[k]||entry()[0]!="h")return;said="";put(k);advance();}
function reset(){marks=[0,0,0,0,0,0,0,0,0];code=0;busy=false;said="";advance();}
cells.forEach(function(c,k){c.addEventListener("click",function(){click(k);});});
root.querySelector('[data-role="reset"]').addEventListener("click",reset);
hintButton.addEventListener("click",function(){hint=!hint;hintButton.textContent=hint?"Hide hint":"Show hint";draw();});
reset();})();
